/// Why the inspector cannot answer, with the exit status the command ends with: 2 for a trace
/// or a question it cannot take, 1 for an answer that came from the part of a trace before a
/// bad line.
package struct InspectFailure: Error, Sendable {
  package var status: Int32
  /// One or more lines for standard error; empty when the failure has been reported.
  package var message: String

  package init(status: Int32, message: String) {
    self.status = status
    self.message = message
  }
}
