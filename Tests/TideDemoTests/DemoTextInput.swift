import Tide
import TideTerminal

extension TextInput.State {
  /// The field after `action`, as the todo input line's reducer applies it: for the expected
  /// state in a `TestStore` assertion.
  mutating func apply(_ action: TextInput.Action) {
    _ = TextInput().reduce(into: &self, action: action)
  }
}
