// Exported by: tide-demo inspect exported.trace --export-test 4..15
// Actions 4…15 of the trace, from the state before 4; every
// change the trace recorded is asserted, and the TestStore fails on any other.
import Testing
import Tide
import TideTesting
import TideTrace
@testable import TideDemo

@MainActor
@Test func traceActions4To15() async throws {
  let clock = VirtualClock()
  let store = TestStore(
    initialState: try TraceFixture.state(#"{"screen":"counter","counter":{"count":2,"alert":{"value":null,"revision":0}},"stopwatch":{"accumulated":0.0,"startedAt":null,"lastReading":0.0,"laps":[]},"todos":{"todos":[],"selection":null,"filter":"All","editor":null,"deletions":[],"ids":{"next":1,"searchFrom":1},"readOnly":null,"isReadOnlyNoticeShown":false,"listTop":0,"listHeight":16},"help":{"isShowingAll":false,"scroll":0},"isQuitting":false}"#),
    reducer: AppFeature(), clock: clock)
  // 4: .nextScreen, sent by key tab, at 0.0 s
  await store.send(try TraceFixture.action(#"{"nextScreen":{}}"#)) {
    try TraceFixture.apply(#"[["screen","stopwatch"]]"#, to: &$0)
  }
  // 5: .stopwatch(.toggle), sent by key space, at 0.0 s
  await store.send(try TraceFixture.action(#"{"stopwatch":{"_0":{"toggle":{}}}}"#)) {
    try TraceFixture.apply(#"[["stopwatch.startedAt",0.0]]"#, to: &$0)
  }
  // 6: .stopwatch(.tick(at: 0.016666667)), sent by an effect, at 0.016666667 s
  await store.receive(try TraceFixture.action(#"{"stopwatch":{"_0":{"tick":{"at":0.016666667}}}}"#), timeout: .nanoseconds(16666667)) {
    try TraceFixture.apply(#"[["stopwatch.lastReading",0.016666667]]"#, to: &$0)
  }
  // 7: .stopwatch(.tick(at: 0.033333333)), sent by an effect, at 0.033333333 s
  await store.receive(try TraceFixture.action(#"{"stopwatch":{"_0":{"tick":{"at":0.033333333}}}}"#), timeout: .nanoseconds(16666666)) {
    try TraceFixture.apply(#"[["stopwatch.lastReading",0.033333333]]"#, to: &$0)
  }
  // 8: .stopwatch(.lap), sent by key l, at 0.04 s
  clock.advance(to: VirtualClock.Instant(offset: .nanoseconds(40000000)))
  await store.send(try TraceFixture.action(#"{"stopwatch":{"_0":{"lap":{}}}}"#)) {
    try TraceFixture.apply(#"[["stopwatch.lastReading",0.04],["stopwatch.laps",0,0,[{"number":1,"total":0.04,"split":0.04}]]]"#, to: &$0)
  }
  // 9: .stopwatch(.tick(at: 0.05)), sent by an effect, at 0.05 s
  await store.receive(try TraceFixture.action(#"{"stopwatch":{"_0":{"tick":{"at":0.05}}}}"#), timeout: .nanoseconds(10000000)) {
    try TraceFixture.apply(#"[["stopwatch.lastReading",0.05]]"#, to: &$0)
  }
  // 10: .stopwatch(.toggle), sent by key space, at 0.06 s
  clock.advance(to: VirtualClock.Instant(offset: .nanoseconds(60000000)))
  await store.send(try TraceFixture.action(#"{"stopwatch":{"_0":{"toggle":{}}}}"#)) {
    try TraceFixture.apply(#"[["stopwatch.accumulated",0.06],["stopwatch.startedAt",null],["stopwatch.lastReading",0.06]]"#, to: &$0)
  }
  // 11: .nextScreen, sent by key tab, at 0.06 s
  await store.send(try TraceFixture.action(#"{"nextScreen":{}}"#)) {
    try TraceFixture.apply(#"[["screen","todos"]]"#, to: &$0)
  }
  // 12: .todos(.startAdding), sent by key a, at 0.06 s
  await store.send(try TraceFixture.action(#"{"todos":{"_0":{"startAdding":{}}}}"#)) {
    try TraceFixture.apply(#"[["todos.editor",{"purpose":{"add":{}},"input":{"text":"","cursor":0,"placeholder":"","characterLimit":500,"width":0,"scrollOffset":0}}],["todos.listHeight",15]]"#, to: &$0)
  }
  // 13: .todos(.editor(.input(.insert("t")))), sent by key t, at 0.06 s
  await store.send(try TraceFixture.action(#"{"todos":{"_0":{"editor":{"_0":{"input":{"_0":{"insert":{"_0":"t"}}}}}}}}"#)) {
    try TraceFixture.apply(#"[["todos.editor.input.text","t"],["todos.editor.input.cursor",1]]"#, to: &$0)
  }
  // 14: .todos(.editor(.input(.insert("e")))), sent by key e, at 0.06 s
  await store.send(try TraceFixture.action(#"{"todos":{"_0":{"editor":{"_0":{"input":{"_0":{"insert":{"_0":"e"}}}}}}}}"#)) {
    try TraceFixture.apply(#"[["todos.editor.input.text","te"],["todos.editor.input.cursor",2]]"#, to: &$0)
  }
  // 15: .todos(.editor(.input(.insert("a")))), sent by key a, at 0.06 s
  await store.send(try TraceFixture.action(#"{"todos":{"_0":{"editor":{"_0":{"input":{"_0":{"insert":{"_0":"a"}}}}}}}}"#)) {
    try TraceFixture.apply(#"[["todos.editor.input.text","tea"],["todos.editor.input.cursor",3]]"#, to: &$0)
  }
  // What the last action started belongs to the actions after it.
  await store.cancelInFlightEffects()
  await store.finish()
}
