// CounterAlert: RxCompose's counter on Tide. Counts to 10 (an alert appears), fetches a fact,
// then lets the ticker run for three seconds (ticks at 1 s and 3 s) and stops it.
//
//   swift run CounterAlert

import Tide

let store = Store(
  initialState: CounterAlert.State(),
  reducer: CounterAlert(fetchFact: { count in "\(count) is the number of fingers on two hands" }))

let countLabel = store.observe(\.count) { print("count: \($0)") }
let alerts = store.observe(\.$alert) { presentation in
  if let message = presentation.wrappedValue { print("alert: \(message)") }
}
let ticks = store.observe(\.ticks) { print("ticks: \($0)") }

for _ in 1...10 { store.send(.increment) }
await store.send(.fetchFact).finish()
print("fact: \(store.state.fact.value ?? "none")")

store.send(.startTicking)
try await ContinuousClock().sleep(for: .seconds(3.5))
store.send(.stopTicking)
withExtendedLifetime((countLabel, alerts, ticks)) {}
