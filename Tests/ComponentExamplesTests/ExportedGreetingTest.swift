// Exported by: tide-textinput inspect greet.trace --export-test 1..4
// Actions 1…4 of the trace, from the state before 1; every
// change the trace recorded is asserted, and the TestStore fails on any other.
import Testing
import Tide
import TideTesting
import TideTrace
@testable import tide_textinput

@MainActor
@Test func traceActions1To4() async throws {
  let clock = VirtualClock()
  let store = TestStore(
    initialState: try TraceFixture.state(#"{"name":{"text":"","cursor":0,"placeholder":"your name","characterLimit":60,"width":0,"scrollOffset":0},"isQuitting":false}"#),
    reducer: Greeting(), clock: clock)
  // 1: .name(.insert("A")), sent by key A, at 0.0 s
  await store.send(try TraceFixture.action(#"{"name":{"_0":{"insert":{"_0":"A"}}}}"#)) {
    try TraceFixture.apply(#"[["name.text","A"],["name.cursor",1]]"#, to: &$0)
  }
  // 2: .name(.insert("d")), sent by key d, at 0.0 s
  await store.send(try TraceFixture.action(#"{"name":{"_0":{"insert":{"_0":"d"}}}}"#)) {
    try TraceFixture.apply(#"[["name.text","Ad"],["name.cursor",2]]"#, to: &$0)
  }
  // 3: .name(.insert("a")), sent by key a, at 0.0 s
  await store.send(try TraceFixture.action(#"{"name":{"_0":{"insert":{"_0":"a"}}}}"#)) {
    try TraceFixture.apply(#"[["name.text","Ada"],["name.cursor",3]]"#, to: &$0)
  }
  // 4: .submit, sent by key enter, at 0.0 s
  await store.send(try TraceFixture.action(#"{"submit":{}}"#)) {
    try TraceFixture.apply(#"[["greeting","Hello, Ada!"]]"#, to: &$0)
  }
  // What the last action started belongs to the actions after it.
  await store.cancelInFlightEffects()
  await store.finish()
}
