#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import Tide

/// `server-100k`: what a server pays for one store per session, through the public API only —
/// SPEC "Server scale". 100,000 cart stores at once: bytes per empty store and per store whose
/// expiry timer is pending, CPU to create them, time to drain 100,000 timers that fire at once,
/// and CPU while they all wait; beside a bare actor per cart and a bare sleeping `Task` per
/// timer, the hand-written baselines.
///
/// Each part runs in a child process of its own (`--server-part`), since freed memory stays
/// resident: a part measured after another would reuse its pages and show almost nothing.
@MainActor
func serverScaleScenario(stores count: Int) throws -> [String] {
  func part(_ name: String) throws -> [String: Double] {
    let output = try childOutput(["server-100k", "--server-part", name, "--iterations", "\(count)"])
    var values: [String: Double] = [:]
    for line in output.split(separator: "\n") {
      let pair = line.split(separator: "=")
      if pair.count == 2, let value = Double(pair[1]) { values[String(pair[0])] = value }
    }
    return values
  }
  let actor = try part("actor"), task = try part("task"), empty = try part("empty"), timer = try part("timer")
  let drain = try part("drain")
  let actorEmpty = try part("store-actor-empty"), actorTimer = try part("store-actor-timer")
  let actorHop = try part("actor-hop")
  let actorDrain = try part("store-actor-drain")
  func value(_ values: [String: Double], _ key: String) -> Double { values[key] ?? .nan }
  var lines = [
    String(
      format: "server-100k empty-store: tide %.0f bytes/store, baseline %.0f bytes/actor, ratio %.2f (%d created in %.2f s of CPU)",
      value(empty, "bytes"), value(actor, "bytes"), value(empty, "bytes") / value(actor, "bytes"), count, value(empty, "cpu")),
    String(
      format: "server-100k timer-store: tide %.0f bytes/store, baseline %.0f bytes/sleeping task, ratio %.2f "
        + "(%d stores each starting a timer created in %.2f s of CPU, the tasks in %.2f s; %.3f s of CPU in 1 s while all wait)",
      value(timer, "bytes"), value(task, "bytes"), value(timer, "bytes") / value(task, "bytes"), count,
      value(timer, "cpu"), value(task, "cpu"), value(timer, "idle-cpu")),
  ]
  if let seconds = drain["seconds"] {
    lines.append(
      String(
        format: "server-100k drain: tide %.3f s, %.3f s of CPU (%d timers firing at once, until the last expiry was reduced)",
        seconds, value(drain, "cpu"), count))
  } else {
    lines.append("server-100k drain: not measured (creating the timers outlasted their deadline)")
  }
  lines.append(
    String(
      format: "server-100k store-actor: %.0f bytes an empty StoreActor (%d created in %.2f s of CPU), %.0f bytes one whose expiry is pending "
        + "(created and sent its first request from a task, timer started, in %.2f s of CPU; a bare actor made and sent one request "
        + "%.2f s; %.3f s of CPU in 1 s while all wait); drain %@",
      value(actorEmpty, "bytes"), count, value(actorEmpty, "cpu"), value(actorTimer, "bytes"), value(actorTimer, "cpu"),
      value(actorHop, "cpu"),
      value(actorTimer, "idle-cpu"),
      actorDrain["seconds"].map { String(format: "%.3f s, %.3f s of CPU", $0, value(actorDrain, "cpu")) } ?? "not measured"))
  return lines
}

/// One part of ``serverScaleScenario(stores:)``, in this (child) process: prints `key=value` lines.
@MainActor
func serverScalePart(_ name: String, stores count: Int) async {
  let before = ResidentMemory.bytes()
  let cpu = ProcessCPU.now()
  switch name {
  case "actor":
    var carts: [CartActor] = []
    carts.reserveCapacity(count)
    for _ in 0..<count { carts.append(CartActor()) }
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    withExtendedLifetime(carts) {}
  case "actor-hop":
    // The hand-written baseline of a store actor's creation: an actor per session, made and
    // sent its first request from a task of its own.
    let carts = await Task.detached {
      var carts: [CartActor] = []
      carts.reserveCapacity(count)
      for _ in 0..<count {
        let cart = CartActor()
        await cart.add("book")
        carts.append(cart)
      }
      return carts
    }.value
    print("cpu=\(ProcessCPU.now() - cpu)")
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    withExtendedLifetime(carts) {}
  case "task":
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(count)
    for _ in 0..<count {
      tasks.append(Task { try? await Task.sleep(for: .seconds(1800)) })
    }
    print("cpu=\(ProcessCPU.now() - cpu)")
    // Each task allocates its sleep when it first runs, on another thread.
    try? await Task.sleep(for: .milliseconds(500))
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    for task in tasks { task.cancel() }
  case "empty":
    var stores: [Store<Cart.State, Cart.Action>] = []
    stores.reserveCapacity(count)
    for _ in 0..<count {
      stores.append(Store(initialState: Cart.State(), reducer: Cart()))
    }
    print("cpu=\(ProcessCPU.now() - cpu)")
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    withExtendedLifetime(stores) {}
  case "timer":
    var stores: [Store<Cart.State, Cart.Action>] = []
    stores.reserveCapacity(count)
    for _ in 0..<count {
      let store = Store(initialState: Cart.State(), reducer: Cart())
      store.send(.add("book"))
      stores.append(store)
    }
    print("cpu=\(ProcessCPU.now() - cpu)")
    // Every expiry must have reached its sleep before what it holds is counted.
    for store in stores { await store.waitUntilIdle() }
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    let idleStart = ProcessCPU.now()
    try? await Task.sleep(for: .seconds(1))
    print("idle-cpu=\(ProcessCPU.now() - idleStart)")
    withExtendedLifetime(stores) {}
  case "drain":
    var stores: [Store<Cart.State, Cart.Action>] = []
    stores.reserveCapacity(count)
    let clock = ContinuousClock()
    // Far enough ahead for all of them to be created first, even on a loaded machine (45 µs
    // each on a quiet one before the timers became scheduler entries).
    let deadline = clock.now.advanced(by: .microseconds(count * 250) + .seconds(2))
    for _ in 0..<count {
      let store = Store(initialState: Cart.State(), reducer: Cart())
      store.send(.expire(in: deadline - clock.now))
      stores.append(store)
    }
    await Cart.timeDrain(of: count, due: deadline, on: clock)
    withExtendedLifetime(stores) {}
  case "store-actor-empty":
    var stores: [StoreActor<Cart.State, Cart.Action>] = []
    stores.reserveCapacity(count)
    for _ in 0..<count { stores.append(StoreActor(initialState: Cart.State(), reducer: Cart())) }
    print("cpu=\(ProcessCPU.now() - cpu)")
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    withExtendedLifetime(stores) {}
  case "store-actor-timer":
    let stores = await StoreActorSessions.open(count) { await $0.send(.add("book")) }
    print("cpu=\(ProcessCPU.now() - cpu)")
    print("bytes=\(Double(ResidentMemory.bytes() - before) / Double(count))")
    let idleStart = ProcessCPU.now()
    try? await Task.sleep(for: .seconds(1))
    print("idle-cpu=\(ProcessCPU.now() - idleStart)")
    withExtendedLifetime(stores) {}
  case "store-actor-drain":
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .microseconds(count * 250) + .seconds(2))
    let stores = await StoreActorSessions.open(count) { await $0.send(.expire(in: deadline - clock.now)) }
    await Cart.timeDrain(of: count, due: deadline, on: clock)
    withExtendedLifetime(stores) {}
  default:
    break
  }
}

/// Store actors made as a server makes them: from a task of its own, off the main actor, each
/// sent its first request there (a hop onto the store and back, as to any actor).
private enum StoreActorSessions {
  static func open(
    _ count: Int, first request: @escaping @Sendable (StoreActor<Cart.State, Cart.Action>) async -> Void
  ) async -> [StoreActor<Cart.State, Cart.Action>] {
    await Task.detached {
      var stores: [StoreActor<Cart.State, Cart.Action>] = []
      stores.reserveCapacity(count)
      for _ in 0..<count {
        let store = StoreActor(initialState: Cart.State(), reducer: Cart())
        // The expiry is armed (an entry in the shared queue) when `send` returns.
        await request(store)
        stores.append(store)
      }
      return stores
    }.value
  }
}

/// A shopping cart: items, a 30-minute expiry restarted on every change, checkout.
private struct Cart: Reducer {
  struct State: Equatable {
    var items: [String] = []
    var isExpired = false
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case checkout
    case expire(in: Duration)
    case expired
  }

  private enum ExpiryID: Hashable, Sendable { case expiry }

  /// How many carts expired, for the drain measurement (the benchmark's own bookkeeping).
  static let expired = Atomic<Int>(0)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.items.append(item)
      return .send(.expired, after: .seconds(1800)).cancellable(id: ExpiryID.expiry, cancelInFlight: true)
    case .checkout:
      state.items = []
      return .cancel(id: ExpiryID.expiry)
    case .expire(let delay):
      return .send(.expired, after: delay).cancellable(id: ExpiryID.expiry, cancelInFlight: true)
    case .expired:
      state.isExpired = true
      Cart.expired.add(1, ordering: .relaxed)
      return .none
    }
  }
}

extension Cart {
  /// Times the drain of `count` expiries all due at `deadline`: prints `seconds` (from the
  /// deadline until the last was reduced) and `cpu` (the process's, from just before it), or
  /// nothing when making them outlasted the deadline.
  static func timeDrain(of count: Int, due deadline: ContinuousClock.Instant, on clock: ContinuousClock) async {
    guard clock.now < deadline else { return }
    // Asleep until just before the deadline, rather than polling all along; from there the
    // process's CPU is counted too: what draining costs, whatever else the machine runs.
    try? await clock.sleep(until: deadline - .milliseconds(20))
    let drainStart = ProcessCPU.now()
    while expired.load(ordering: .relaxed) < count {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let drained = clock.now - deadline
    print("seconds=\(Double(drained.attoseconds) / 1e18)")
    print("cpu=\(ProcessCPU.now() - drainStart)")
  }
}

/// The baseline's cart: one actor holding the same state.
private actor CartActor {
  var items: [String] = []
  var isExpired = false

  func add(_ item: String) {
    items.append(item)
  }
}

/// The process's resident memory in bytes (`/proc/self/statm`): at 100,000 instances a page
/// more or less is 0.04 bytes an instance.
enum ResidentMemory {
  static func bytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = line.split(separator: " ")
    guard fields.count >= 2, let residentPages = Int(fields[1]) else { return 0 }
    return residentPages * sysconf(Int32(_SC_PAGESIZE))
  }
}

/// CPU time of the whole process, every thread, in seconds.
enum ProcessCPU {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension InstructionWorkload {
  /// `server-store`: what `server-100k`'s timer part times, in instructions — creating a cart
  /// store and starting its 30-minute expiry (`.send(_:after:)`, cancellable) — beside creating
  /// a bare `Task` that sleeps 30 minutes, started at once so its sleep is registered before it
  /// returns, as the store's is. Deterministic where CPU seconds at 100,000 stores are not: the
  /// creation path's generic code, run unspecialised, looked up type metadata at run time for
  /// each store (18,000 instructions a store, issue 27), which this count shows at once.
  static func serverStore() -> InstructionWorkload {
    ServerStoreKept.stores.reserveCapacity(InstructionCount.more)
    ServerStoreKept.tasks.reserveCapacity(InstructionCount.more)
    return InstructionWorkload(
      sides: [
        (
          "tide",
          { n in
            for _ in 0..<n {
              let store = Store(initialState: Cart.State(), reducer: Cart())
              store.send(.add("book"))
              ServerStoreKept.stores.append(store)
            }
          }
        ),
        (
          "baseline",
          { n in
            for _ in 0..<n {
              ServerStoreKept.tasks.append(Task.immediate { try? await Task.sleep(for: .seconds(1800)) })
            }
          }
        ),
      ],
      note: "baseline: a bare Task sleeping 30 minutes, created")
  }
}

/// What `server-store` creates, kept until the process exits: released at the end of the side,
/// the stores' teardown (cancelling each timer) would be counted as their creation.
@MainActor
private enum ServerStoreKept {
  static var stores: [Store<Cart.State, Cart.Action>] = []
  static var tasks: [Task<Void, Never>] = []
}
