import CNcurses

/// SIGPIPE and SIGXFSZ, whose default action ends the process, turned into errors: with them
/// ignored, a write to a pipe nobody reads or beyond `ulimit -f` fails with EPIPE or EFBIG, which
/// the writer reports (a lost output, a save warning), instead of killing the process with the
/// terminal raw and the data half written.
///
/// The interactive run ignores them from its start (with the quit signals); a command that
/// writes files without a terminal (a replay's exports) calls ``ignore()`` itself.
package enum WriteSignals {
  /// Ignores SIGPIPE and SIGXFSZ for the rest of the process.
  package static func ignore() {
    tide_ignore_write_signals()
  }
}
