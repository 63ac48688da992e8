@testable import TideDemo

/// The demo's own input line until it is rebuilt on TideTerminal's `TextInput` component: this
/// test module sees both, and its tests mean the demo's.
typealias TextInput = TideDemo.TextInput
