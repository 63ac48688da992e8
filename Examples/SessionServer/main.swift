// SessionServer: a server's sessions, each a StoreActor with an expiry timer, without a
// network: simulated clients send requests to 10,000 sessions, some go idle and expire, and a
// sweep frees them.
//
//   swift run SessionServer

import Tide

let server = SessionServer(idleLimit: .milliseconds(200))
let sweeping = Task { await server.sweep(every: .milliseconds(100)) }

// 10,000 clients open a session each and put an item in its cart, all at once.
await withTaskGroup(of: Void.self) { group in
  for id in 0..<10_000 {
    group.addTask { _ = await server.handle(.add("apple"), for: id) }
  }
}
print("sessions: \(await server.sessionCount)")

// The first thousand keep busy past the idle limit; the others go idle and expire.
for _ in 0..<4 {
  try await ContinuousClock().sleep(for: .milliseconds(100))
  for id in 0..<1_000 { _ = await server.handle(.add("pear"), for: id) }
}
print("after 400 ms, the busy thousand kept: \(await server.sessionCount) sessions")
print("session 0: \(await server.handle(.checkout, for: 0))")
print("session 5000: \(await server.handle(.checkout, for: 5_000))")
sweeping.cancel()
