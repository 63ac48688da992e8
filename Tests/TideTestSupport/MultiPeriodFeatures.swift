import Tide

/// Features whose time effects fire several times within one move of the clock (issue 44): an
/// interval in a child under `ifLet`, timers in `forEach` elements, a debounce and a throttle
/// fed by an interval. Each root keeps a log of what it reduced and when — ``StoreTime/now`` at
/// that moment — so a test checks every firing, its order and its exact instant in one value,
/// whichever store shape runs the feature.
package enum MultiPeriod {
  /// One reduced event: what it was and the store's time when it was reduced.
  package struct Stamp: Equatable, Sendable, CustomStringConvertible {
    package let event: String
    package let at: Duration

    package init(_ event: String, at: Duration) {
      self.event = event
      self.at = at
    }

    package var description: String { "\(event)@\(at)" }
  }

  /// A feature whose state carries the log of what it reduced.
  package protocol Logging: Reducer, SendableMetatype where State: Equatable & Sendable, Action: Equatable & Sendable {
    init()
    static var initialState: State { get }
    static func log(of state: State) -> [Stamp]
  }

  /// A state that keeps the log of what its feature reduced, and starts empty.
  package protocol LogKeeping {
    init()
    var log: [Stamp] { get }
  }

  /// The state of a feature that keeps nothing but its log.
  package struct Timeline: Equatable, Sendable, LogKeeping {
    package var log: [Stamp] = []
    package init() {}
  }

  // MARK: - An interval in a child under ifLet (TCA's `IfLetParent` shape)

  /// The child: an interval of one second, started when it appears.
  package struct Ticker: Reducer {
    package struct State: Equatable, Sendable {
      package var ticks = 0
      package init(ticks: Int = 0) { self.ticks = ticks }
    }

    package enum Action: Equatable, Sendable { case onAppear, timerTick }
    enum TimerID: Hashable, Sendable { case timer }

    package init() {}

    package func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .interval(.timerTick, every: .seconds(1)).cancellable(id: TimerID.timer)
      case .timerTick:
        state.ticks += 1
        return .none
      }
    }
  }

  /// The parent: shows and hides the child; hiding it cancels the child's interval.
  package struct IfLetParent: Logging {
    package struct State: Equatable, Sendable, LogKeeping {
      package var child: Ticker.State?
      package var log: [Stamp] = []
      package init() {}
    }

    package enum Action: Equatable, Sendable { case show, hide, child(Ticker.Action) }

    static let childPath = ActionPath<Action, Ticker.Action>(embed: { .child($0) }) {
      if case .child(let action) = $0 { action } else { nil }
    }

    package init() {}

    package var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .show:
          state.child = Ticker.State()
        case .hide:
          state.child = nil
        case .child(.timerTick):
          state.log.append(Stamp("tick", at: StoreTime.now))
        case .child:
          break
        }
        return .none
      }
      .ifLet(\.child, action: Self.childPath) { Ticker() }
    }
  }

  // MARK: - Timers in forEach elements

  /// A row with a timer of its own, under a cancellation id every row uses.
  package struct Row: Reducer {
    package struct State: Equatable, Identifiable, Sendable {
      package let id: Int
      package var ticks = 0
      package init(id: Int, ticks: Int = 0) {
        self.id = id
        self.ticks = ticks
      }
    }

    package enum Action: Equatable, Sendable {
      case start(after: Duration, every: Duration)
      case tick
    }

    enum TimerID: Hashable, Sendable { case timer }

    package init() {}

    package func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let after, let every):
        return .timer(.tick, after: after, every: every).cancellable(id: TimerID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  /// Rows 0 and 1; removing a row cancels its timer.
  package struct Board: Logging {
    package struct State: Equatable, Sendable, LogKeeping {
      package var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 0), Row.State(id: 1)]
      package var log: [Stamp] = []
      package init() {}
    }

    package enum Action: Equatable, Sendable {
      case row(id: Int, action: Row.Action)
      case remove(Int)
    }

    static let rowPath = ActionPath<Action, (id: Int, action: Row.Action)>(
      embed: { .row(id: $0.id, action: $0.action) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })

    package init() {}

    package var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .row(let id, .tick):
          state.log.append(Stamp("row\(id)", at: StoreTime.now))
        case .row:
          break
        case .remove(let id):
          state.rows.remove(id: id)
        }
        return .none
      }
      .forEach(\.rows, action: Self.rowPath) { Row() }
    }
  }

  // MARK: - A debounce fed by an interval

  /// Keystrokes every 100 ms, five of them; each restarts a search debounced by 250 ms, so the
  /// search runs once, 250 ms after the last keystroke.
  package struct Typing: Logging {
    package enum Action: Equatable, Sendable { case startTyping, keystroke, search }
    enum ID: Hashable, Sendable { case typing, search }

    package static let keystrokes = 5

    package init() {}

    package func reduce(into state: inout Timeline, action: Action) -> Effect<Action> {
      switch action {
      case .startTyping:
        return .interval(.keystroke, every: .milliseconds(100)).cancellable(id: ID.typing)
      case .keystroke:
        state.log.append(Stamp("key", at: StoreTime.now))
        let search = Effect<Action>.send(.search).debounce(id: ID.search, for: .milliseconds(250))
        let typed = state.log.count { $0.event == "key" }
        return typed == Self.keystrokes ? .merge(.cancel(id: ID.typing), search) : search
      case .search:
        state.log.append(Stamp("search", at: StoreTime.now))
        return .none
      }
    }
  }

  // MARK: - A throttle fed by an interval

  /// An edit every 100 ms; each asks for a save throttled to one per 250 ms, the latest kept.
  package struct Autosave: Logging {
    package enum Action: Equatable, Sendable { case startEditing, stopEditing, edit, save }
    enum ID: Hashable, Sendable { case editing, save }

    package init() {}

    package func reduce(into state: inout Timeline, action: Action) -> Effect<Action> {
      switch action {
      case .startEditing:
        return .interval(.edit, every: .milliseconds(100)).cancellable(id: ID.editing)
      case .stopEditing:
        return .cancel(id: ID.editing)
      case .edit:
        state.log.append(Stamp("edit", at: StoreTime.now))
        return .send(.save).throttle(id: ID.save, for: .milliseconds(250), latest: true)
      case .save:
        state.log.append(Stamp("save", at: StoreTime.now))
        return .none
      }
    }
  }
}

extension MultiPeriod.Logging where State: MultiPeriod.LogKeeping {
  package static var initialState: State { State() }
  package static func log(of state: State) -> [MultiPeriod.Stamp] { state.log }
}

extension MultiPeriod {
  /// `event` at each of `milliseconds`.
  package static func stamps(_ event: String, _ milliseconds: Int...) -> [Stamp] {
    milliseconds.map { Stamp(event, at: .milliseconds($0)) }
  }

  /// What ``Autosave`` logs over its first second of edits: edits at 100…1000 ms; saves at
  /// 100 (the first runs at once), then at 350, 600 and 850 — each 250 ms after the last, the
  /// one at 600 before the edit of that instant, armed earlier. The one due at 1100 waits.
  package static var autosaveFirstSecond: [Stamp] {
    stamps("edit", 100) + stamps("save", 100) + stamps("edit", 200, 300) + stamps("save", 350)
      + stamps("edit", 400, 500) + stamps("save", 600) + stamps("edit", 600, 700, 800)
      + stamps("save", 850) + stamps("edit", 900, 1_000)
  }

  /// What ``Typing`` logs over its first second: five keystrokes, one search 250 ms after the last.
  package static var typingFirstSecond: [Stamp] {
    stamps("key", 100, 200, 300, 400, 500) + stamps("search", 750)
  }

  /// What ``Board`` logs over three seconds with row 0 ticking every second from 1 s and row 1
  /// every second from 0.5 s: in deadline order.
  package static var boardFirstThreeSeconds: [Stamp] {
    [
      Stamp("row1", at: .milliseconds(500)), Stamp("row0", at: .seconds(1)),
      Stamp("row1", at: .milliseconds(1_500)), Stamp("row0", at: .seconds(2)),
      Stamp("row1", at: .milliseconds(2_500)), Stamp("row0", at: .seconds(3)),
    ]
  }
}
