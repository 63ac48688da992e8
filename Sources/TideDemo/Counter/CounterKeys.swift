import TideTerminal

extension CounterFeature {
  /// The counter's keys, with their help.
  package static let keys = KeyMap<Action>([
    KeyBinding(.character("+"), .character("="), .up, .character("k"), action: .increment, help: "increment"),
    KeyBinding(.character("-"), .down, .character("j"), action: .decrement, help: "decrement"),
    KeyBinding(.character("r"), .character("0"), action: .reset, help: "reset"),
  ])

  /// The only keys while the alert is shown; every other key is ignored.
  package static let alertKeys = KeyMap<Action>([
    KeyBinding(.enter, .escape, action: .dismissAlert, help: "dismiss"),
  ])

  /// The keys that apply in `state`.
  package static func keys(for state: State) -> KeyMap<Action> {
    state.alert == nil ? keys : alertKeys
  }
}
