import Tide
import TideTerminal

/// The quiz: questions in a list, each answered once in a text field before its time runs out.
public struct Quiz: Reducer {
  public struct State: Equatable, Sendable {
    public var title: String
    public var questions: [Question]
    public var list: SelectionList<Question>.State
    public var isQuitting = false

    public init(title: String, questions: [Question]) {
      self.title = title
      self.questions = questions
      list = SelectionList.State(rows: questions, title: \.question)
    }
  }

  public enum Action: Equatable, Sendable {
    case list(SelectionList<Question>.Action)
    case quit
  }

  public init() {}

  static let list = ActionPath<Action, SelectionList<Question>.Action>(embed: Action.list) {
    if case .list(let action) = $0 { action } else { nil }
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \State.list, action: Self.list) { SelectionList() }
    Reduce { state, action in
      switch action {
      case .quit:
        state.isQuitting = true
        return .none
      case .list:
        return .none
      }
    }
  }
}
