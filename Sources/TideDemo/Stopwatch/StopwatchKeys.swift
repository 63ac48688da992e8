import TideTerminal

extension StopwatchFeature {
  /// The stopwatch's keys, with their help.
  package static let keys = KeyMap<Action>([
    KeyBinding(.character(" "), .character("s"), action: .toggle, help: "start/stop"),
    KeyBinding(.character("l"), action: .lap, help: "lap"),
    KeyBinding(.character("r"), action: .reset, help: "reset"),
  ])
}
