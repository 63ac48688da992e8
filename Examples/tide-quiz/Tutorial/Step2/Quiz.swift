import Tide
import TideTerminal

/// The quiz: questions in a list, each answered once in a text field before its time runs out.
public struct Quiz: Reducer {
  /// How a question went.
  public enum Result: Equatable, Sendable {
    case right, wrong
  }

  public struct State: Equatable, Sendable {
    public var title: String
    public var questions: [Question]
    /// How each answered question went, by its index in ``questions``.
    public var results: [Int: Result] = [:]
    public var list: SelectionList<Question>.State
    public var answer = TextInput.State(placeholder: "your answer", characterLimit: 60)
    /// The index of the question being answered, if any.
    public var asking: Int?
    /// The line under the list: the verdict on the last answer.
    public var message = ""
    public var isQuitting = false

    public init(title: String, questions: [Question]) {
      self.title = title
      self.questions = questions
      list = SelectionList.State(rows: questions, title: \.question)
    }

    /// `N of M right`.
    public var score: String {
      "\(results.values.filter { $0 == .right }.count) of \(questions.count) right"
    }
  }

  public enum Action: Equatable, Sendable {
    case list(SelectionList<Question>.Action)
    case answer(TextInput.Action)
    /// Starts answering the selected question, if it has not been answered.
    case ask
    case submit
    /// Leaves the question unanswered, for later.
    case skip
    case quit
  }

  public init() {}

  static let list = ActionPath<Action, SelectionList<Question>.Action>(embed: Action.list) {
    if case .list(let action) = $0 { action } else { nil }
  }
  static let answer = ActionPath<Action, TextInput.Action>(embed: Action.answer) {
    if case .answer(let action) = $0 { action } else { nil }
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \State.list, action: Self.list) { SelectionList() }
    Scope(state: \State.answer, action: Self.answer) { TextInput() }
    Reduce { state, action in
      switch action {
      case .ask:
        guard state.asking == nil, let index = state.list.selectedIndex, state.results[index] == nil else {
          return .none
        }
        state.asking = index
        state.answer.setText("")
        state.message = ""
        return .none
      case .submit:
        guard let index = state.asking else { return .none }
        let question = state.questions[index]
        let result: Result = question.isAnswered(by: state.answer.text) ? .right : .wrong
        state.results[index] = result
        state.asking = nil
        state.message = result == .right ? "Right! It is \(question.answer)." : "Not quite: it is \(question.answer)."
        return .none
      case .skip:
        state.asking = nil
        return .none
      case .quit:
        state.isQuitting = true
        return .none
      case .list, .answer:
        return .none
      }
    }
  }
}
