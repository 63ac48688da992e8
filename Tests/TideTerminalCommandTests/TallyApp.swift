import Foundation
import Tide
import TideTerminal
import TideTerminalCommand
import ArgumentParser

/// A small app as an outside developer would write one on `TerminalCommand`: a tally that starts
/// from its data file, `+` counts, `!` marks a change its (pretend) save could not write, `q`
/// quits.
struct Tally: Reducer {
  struct State: Equatable, Sendable, Codable {
    var count: Int
    var step = 1
    var unsaved = false
    var isQuitting = false
  }

  enum Action: Equatable, Sendable, Codable {
    case add
    case saveFailed
    case quit
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add: state.count += state.step
    case .saveFailed: state.unsaved = true
    case .quit: state.isQuitting = true
    }
    return .none
  }

  /// `--step N`: how much `+` adds.
  struct Options: ParsableArguments {
    @Option(help: "How much + adds.")
    var step = 1
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.character("+"), action: .add, help: "add"),
    KeyBinding(.character("!"), action: .saveFailed, help: "fail"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  /// The count the data file holds (a decimal number), or 0 without one.
  @MainActor
  static func app(options: Options, launch: TerminalLaunch) throws -> TerminalApp<State, Action> {
    var count = 0
    if let path = launch.dataFile, let text = try? String(contentsOfFile: path, encoding: .utf8) {
      count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
    let store = launch.store(initialState: State(count: count, step: options.step), reducer: Tally())
    return TerminalApp(
      store: store,
      view: { state, canvas in canvas.draw("tally: \(state.count)", atColumn: 0, row: 0) },
      keyAction: { _, key in keys.action(for: key) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      unsavedChanges: { store.state.unsaved ? "tally: the count \(store.state.count) was not saved to \(launch.dataFile ?? "-")" : nil })
  }

  @MainActor
  static var command: TerminalCommand<Options, State, Action> {
    TerminalCommand(
      "tally", version: "1.2.3", abstract: "Counts.", options: Options.self,
      dataFile: { options, _ in nil },
      replayArguments: { ["--step", "\($0.step)"] },
      app: { options, launch in try app(options: options, launch: launch) })
  }

  /// The same command keeping its count in `data` (for the data-file rules).
  @MainActor
  static func command(data: String) -> TerminalCommand<Options, State, Action> {
    TerminalCommand(
      "tally", version: "1.2.3", options: Options.self,
      dataFile: { _, _ in data },
      app: { options, launch in try app(options: options, launch: launch) })
  }
}
