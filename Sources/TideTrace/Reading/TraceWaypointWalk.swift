import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TideJSON

/// States along a trace, made on a thread of its own while the browser is open, so that a jump
/// to a step far from every snapshot applies a few thousand lines instead of a snapshot
/// interval's.
///
/// The writer spaces snapshots by the size of the state (``TraceWriter``): tide-list's
/// 100,000 items make one every 82,122 actions, and the first visit to a step far past one
/// applied and checked all the lines in between. The walk reads the trace from its start on its
/// own reader of the same file and checks each line as the browser's own walk does
/// (``TraceQueries``), and hands over the state after every ``defaultSpacing`` actions between
/// two snapshots farther apart than that; the browser's reader starts from the nearest.
///
/// Each state is made from its snapshot and the lines after it, as the browser's own are. At a
/// snapshot the state the lines made goes on when it is the snapshot's, so the states share
/// their large lists across the whole trace (a list no line changes is held once); where the two
/// differ, the snapshot's is taken.
///
/// Memory: the states hold at most ``valueBudget(forBytes:)`` values of their own (those in
/// lists and objects no earlier state shares); a trace whose lines change large lists often
/// gets fewer states, the walk ending where the budget does. A line the walk finds wrong ends
/// it too: the browser's own walk says what is wrong when a step there is shown.
final class TraceWaypointWalk: Sendable {
  /// Actions between two states the walk hands over: at the 1.6 µs a line tide-list's checked
  /// walk took, under 7 ms of lines to check and apply from the nearest.
  static let defaultSpacing = 4096

  struct Waypoint: Sendable {
    let number: Int
    let state: JSONValue
    /// The snapshot (0: the header) the state is made from, and the first line checked.
    let base: Int
    let checkedFrom: Int
  }

  private let inbox = Mutex<[Waypoint]>([])
  private let stopped = Atomic<Bool>(false)
  private let ended = DispatchGroup()

  /// The most values of their own the states may hold, for a trace of `bytes` bytes: about a
  /// quarter of its size, at 32 bytes a value.
  static func valueBudget(forBytes bytes: Int) -> Int {
    max(1 << 16, bytes / 128)
  }

  /// A walk of `copy`'s trace, started on another thread.
  static func start(_ copy: TraceReader.Copy, checks: InspectedApp.Checks, spacing: Int) -> TraceWaypointWalk {
    let walk = TraceWaypointWalk()
    walk.ended.enter()
    DispatchQueue.global(qos: .utility).async {
      lowerThisThreadsPriority()
      let reader = TraceReader(copy: copy, keepingDecodedLists: true)
      walk.walk(reader, snapshots: copy.snapshotNumbers, app: InspectedApp(checks: checks), spacing: max(1, spacing),
        budget: valueBudget(forBytes: copy.indexedBytes))
      walk.ended.leave()
    }
    return walk
  }

  /// Lets the threads that need a core more have it first — the browser's, another program's:
  /// a walk is work done ahead of the person.
  private static func lowerThisThreadsPriority() {
    #if os(Linux)
    // Linux keeps a nice value a thread, and process 0 is the calling thread (setpriority(2)).
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
  }

  /// Asks the walk to end: it does after the run of lines it is checking.
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }

  func waitUntilEnded() {
    ended.wait()
  }

  /// The states handed over since the last call, in the order of their actions.
  func takeWaypoints() -> [Waypoint] {
    inbox.withLock { waypoints in
      defer { waypoints = [] }
      return waypoints
    }
  }

  private func walk(_ reader: TraceReader, snapshots: [Int], app: InspectedApp, spacing: Int, budget: Int) {
    let starts = [0] + snapshots
    var remaining = budget
    // The state after the last segment's lines, while it may go on into the next segment.
    var carried: JSONValue?
    // The first states share the header's lists, which the browser's reader holds already.
    var lastHanded: JSONValue? = reader.header.state
    /// Hands `state` over while the budget allows; returns whether it did.
    func hand(_ state: JSONValue, after number: Int, base: Int) -> Bool {
      remaining -= state.valuesNotShared(with: lastHanded)
      guard remaining >= 0 else { return false }
      inbox.withLock { $0.append(Waypoint(number: number, state: state, base: base, checkedFrom: base + 1)) }
      lastHanded = state
      return true
    }
    do throws(InspectFailure) {
      for (index, start) in starts.enumerated() {
        let end = index + 1 < starts.count ? starts[index + 1] : reader.actionCount
        guard end - start > spacing else {
          carried = nil
          continue
        }
        // The state at the snapshot itself too: parsing a large one takes longer than a few
        // thousand lines do.
        if start > 0 {
          // Parsed against the last state line, a snapshot shares the lists it spells alike
          // (``ParsedStateLine``), which the walked state shares too: the two compare at once.
          let state = try TraceQueries.checked(reader) { () throws(TraceProblem) -> JSONValue in
            let snapshot = try reader.state(after: start)
            if let walked = carried, walked == snapshot { return walked }
            return snapshot
          }
          // The walk from the snapshot goes on from it.
          reader.keepChecked(state, after: start, linesFrom: start + 1)
          guard hand(state, after: start, base: start) else { return }
        }
        for number in stride(from: start + spacing, to: end, by: spacing) {
          guard !stopped.load(ordering: .relaxed) else { return }
          guard let state = try TraceQueries.checkLinesRead(from: start + 1, upTo: number, in: reader, app: app),
            hand(state, after: number, base: start)
          else { return }
        }
        guard !stopped.load(ordering: .relaxed) else { return }
        carried = try TraceQueries.checkLinesRead(from: start + 1, upTo: end, in: reader, app: app)
      }
    } catch {
      return
    }
  }
}
