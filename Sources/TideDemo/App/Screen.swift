/// The three screens of the demo, in tab order.
public enum Screen: String, Equatable, Sendable, CaseIterable {
  /// `Count: N`.
  case counter
  /// `MM:SS.CC`, laps.
  case stopwatch
  /// The todo list.
  case todos

  /// The name on the tab.
  public var title: String {
    switch self {
    case .counter: "Counter"
    case .stopwatch: "Stopwatch"
    case .todos: "Todos"
    }
  }

  /// The next screen, wrapping around.
  public var next: Screen {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The previous screen, wrapping around.
  public var previous: Screen {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }
}
