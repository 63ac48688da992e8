import ArgumentParser
import TideTerminal
import TideTrace

/// `NAME inspect TRACE`: the interactive inspector, or one answer for a script or test. Every
/// ``TerminalCommand`` whose app's State and Action are `Codable` has it.
struct InspectArguments: ParsableCommand {
  /// The usage line, as the command's own help lists it; the questions are one at a time, each once.
  static let usage = "inspect (<trace> [--follow] [--at <N> | --state-at <N> | --who-changed <PATH> | --export-keys <N FILE> | --export-test <A..B FILE>] | --attach <socket>)"

  /// What the command's help says of it.
  static let abstract = "Inspect a trace written with --trace: browse it, or answer one question."

  static var configuration: CommandConfiguration {
    let name = CommandDescription.current.name
    return CommandConfiguration(
      commandName: "\(name) inspect",
      abstract: abstract,
      usage: "\(name) \(usage)",
      discussion: """
        Without a question, opens the inspector: the steps, the selected step's action and state \
        changes, and the app's screen after it. Actions count from 1; 0 is the state before the first.

        \(name) inspect replay TRACE SCRIPT... [--size COLSxROWS] [--frames] [--svg PATH] \
        [--cast PATH] [--follow] replays key scripts on the inspector itself, as \(name) replay \
        does on the app, and prints its last screen.
        """)
  }

  init() {}

  @Argument(help: "A trace written by --trace, live or in a replay.")
  var trace: String = ""

  @Option(help: ArgumentHelp(
    "Attach to the running app serving its trace at this socket (--inspect-socket): follow it live, put it into any step's state (t) and resume from there (r).",
    valueName: "socket"))
  var attach: String?

  /// After `replay`, the inspector's replay arguments (see the discussion); anything else here
  /// is refused.
  @Argument(parsing: .allUnrecognized)
  var replayArguments: [String] = []

  @Flag(help: "Keep up with a trace that is still being written (interactive only).")
  var follow = false

  // The questions are arrays, each value one use of the option, so that one given twice is
  // refused by name: a plain optional keeps the last value and answers it without a word.

  @Option(parsing: .singleValue, help: ArgumentHelp("Print the screen after action N as plain text.", valueName: "N"))
  var at: [String] = []

  @Option(parsing: .singleValue, help: ArgumentHelp("Print the state after action N as JSON.", valueName: "N"))
  var stateAt: [String] = []

  @Option(parsing: .singleValue, help: ArgumentHelp(
    "Print one line per action that changed a dotted path of the state: N ACTION old → new.", valueName: "PATH"))
  var whoChanged: [String] = []

  @Option(parsing: .upToNextOption, help: ArgumentHelp(
    "Write a key script whose replay ends on the screen after action N.", valueName: "N FILE"))
  var exportKeys: [String] = []

  @Option(parsing: .upToNextOption, help: ArgumentHelp(
    "Write a Swift Testing test of actions A through B on a TestStore.", valueName: "A..B FILE"))
  var exportTest: [String] = []

  func validate() throws {
    if isReplay { return }
    if attach != nil {
      guard trace.isEmpty, replayArguments.isEmpty, !follow, try query() == nil else {
        throw ValidationError("--attach takes no trace and no question: the running app's trace is browsed live")
      }
      return
    }
    if trace.isEmpty { throw ValidationError("Missing expected argument '<trace>'") }
    if !replayArguments.isEmpty {
      throw ValidationError("unexpected argument\(replayArguments.count == 1 ? "" : "s"): \(replayArguments.joined(separator: " "))")
    }
    _ = try query()
  }

  /// `NAME inspect replay TRACE SCRIPT...`: the inspector replayed like every app.
  var isReplay: Bool { trace == "replay" }

  /// The one question asked, if any.
  func query() throws -> InspectRunner.Query? {
    var queries: [InspectRunner.Query] = []
    if let text = try Self.once(at, "--at") { queries.append(.screen(after: try Self.actionNumber(text, "--at"))) }
    if let text = try Self.once(stateAt, "--state-at") {
      queries.append(.state(after: try Self.actionNumber(text, "--state-at")))
    }
    if let path = try Self.once(whoChanged, "--who-changed") { queries.append(.whoChanged(path)) }
    if let (number, file) = try Self.pair(exportKeys, "--export-keys", takes: "N FILE (an action number and a file)") {
      queries.append(.exportKeys(through: try Self.actionNumber(number, "--export-keys"), file: file))
    }
    if let (bounds, file) = try Self.pair(exportTest, "--export-test", takes: "A..B FILE (a range of action numbers, A ≤ B, and a file)") {
      queries.append(.exportTest(try Self.actionRange(bounds), file: file))
    }
    guard queries.count <= 1 else { throw ValidationError("ask one question at a time") }
    if follow, !queries.isEmpty { throw ValidationError("--follow is for the interactive inspector") }
    return queries.first
  }

  /// The value of an option that takes one, or `nil` when it was not given; given twice, it is
  /// refused with both values.
  private static func once(_ values: [String], _ option: String) throws -> String? {
    guard values.count <= 1 else {
      throw ValidationError("\(option) was given \(times(values.count)) (\(quoted(values).joined(separator: ", "))): ask one question at a time")
    }
    return values.first
  }

  /// The two values of an option that takes two (`N FILE`), or `nil` when it was not given.
  /// Its values given as two pairs or more are taken for the option given again (as it most
  /// likely was: ArgumentParser hands over the values of every use as one list).
  private static func pair(_ values: [String], _ option: String, takes: String) throws -> (String, String)? {
    guard !values.isEmpty else { return nil }
    if values.count == 2 { return (values[0], values[1]) }
    let pairs = stride(from: 0, to: values.count - 1, by: 2).map { "\(escapedName(values[$0])) \(escapedName(values[$0 + 1]))" }
    if values.count > 2, values.count.isMultiple(of: 2) {
      throw ValidationError("\(option) was given \(times(pairs.count)) (\(pairs.joined(separator: ", "))): ask one question at a time")
    }
    throw ValidationError("\(option) takes \(takes), not \(values.count == 1 ? "one value" : "\(values.count) values"): \(quoted(values).joined(separator: " "))")
  }

  /// An action number as typed: a whole number, else refused as typed (too large a one as out
  /// of range, rather than a wrapped or clipped number).
  private static func actionNumber(_ text: String, _ option: String) throws -> Int {
    if let number = Int(text) { return number }
    let digits = text.drop { $0 == "-" || $0 == "+" }
    if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
      throw ValidationError("\(option): action \(escapedName(text)) is out of range (at most \(Int.max))")
    }
    throw ValidationError("\(option) takes an action number, not '\(escapedName(text))'")
  }

  /// `A..B`, A ≤ B.
  private static func actionRange(_ text: String) throws -> ClosedRange<Int> {
    let bounds = text.split(separator: "..", omittingEmptySubsequences: false)
    guard bounds.count == 2, !bounds[0].isEmpty, !bounds[1].isEmpty else {
      throw ValidationError("--export-test takes A..B FILE (a range of action numbers, A ≤ B, and a file), not '\(escapedName(text))'")
    }
    let first = try actionNumber(String(bounds[0]), "--export-test")
    let last = try actionNumber(String(bounds[1]), "--export-test")
    guard first <= last else { throw ValidationError("--export-test \(first)..\(last): A must not be after B") }
    return first...last
  }

  private static func times(_ count: Int) -> String {
    count == 2 ? "twice" : "\(count) times"
  }

  private static func quoted(_ values: [String]) -> [String] {
    values.map(escapedName)
  }
}
