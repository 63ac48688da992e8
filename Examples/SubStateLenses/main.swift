// SubStateLenses: RxReduce's sub-states on Tide. Sends one action, a batch of two (observers are
// told once, after both), then follows a stream of three actions.
//
//   swift run SubStateLenses

import Tide

let store = Store(initialState: SubStateLenses.State(), reducer: SubStateLenses.reducer)
let printer = store.observe(\.self) { print("state: \($0.counter), \($0.user)") }

store.send(.increase(by: 10))
store.send(contentsOf: [.decrease(by: 5), .logIn(name: "Ada")])

let (actions, input) = AsyncStream.makeStream(of: SubStateLenses.Action.self)
for _ in 1...3 { input.yield(.increase(by: 1)) }
input.finish()
await store.send(.follow(.init(name: "three increases", actions: actions))).finish()
withExtendedLifetime(printer) {}
