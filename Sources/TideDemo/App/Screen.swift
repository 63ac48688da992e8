/// The three screens of the demo, in tab order.
package enum Screen: String, Equatable, Sendable, CaseIterable, Codable {
  /// `Count: N`.
  case counter
  /// `MM:SS.CC`, laps.
  case stopwatch
  /// The todo list.
  case todos

  /// The name on the tab.
  package var title: String {
    switch self {
    case .counter: "Counter"
    case .stopwatch: "Stopwatch"
    case .todos: "Todos"
    }
  }

  /// The next screen, wrapping around.
  package var next: Screen {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The previous screen, wrapping around.
  package var previous: Screen {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }
}
