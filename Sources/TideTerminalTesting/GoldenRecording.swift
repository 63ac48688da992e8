/// When ``assertReplay(_:clock:script:golden:size:fileID:filePath:line:column:)`` may write a
/// golden screen, as snapshot-testing libraries decide it: never on its own.
///
/// A test run only compares. Set the environment variable `TIDE_RECORD_GOLDENS` to record:
/// `missing` writes the goldens that do not exist yet, `all` also rewrites those that differ.
/// Either way the test still fails with an issue naming each file written, so a recorded screen is
/// looked at before it is committed. A replay whose script failed (a script error, an `expect` that
/// did not hold, a line after the quit) is never compared and never written: its screen is not
/// the one the test is about.
///
/// ```sh
/// TIDE_RECORD_GOLDENS=missing swift test --filter MyAppReplayTests
/// ```
package enum GoldenRecording: Equatable, Sendable {
  /// Compare only; a missing golden is a failure (the default).
  case never
  /// Write goldens that do not exist yet.
  case missing
  /// Write missing goldens and rewrite those that differ.
  case all

  /// The mode `TIDE_RECORD_GOLDENS` asks for in `environment`; anything else is ``never``.
  package init(environment: [String: String]) {
    switch environment["TIDE_RECORD_GOLDENS"] {
    case "missing": self = .missing
    case "all": self = .all
    default: self = .never
    }
  }
}
