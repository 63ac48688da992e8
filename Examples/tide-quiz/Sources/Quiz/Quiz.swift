import Tide
import TideTerminal

/// The quiz: questions in a list, each answered once in a text field before its time runs out.
public struct Quiz: Reducer {
  /// The seconds a question may be answered in.
  public static let secondsPerQuestion = 15

  /// How a question went.
  public enum Result: Equatable, Sendable {
    case right, wrong, outOfTime
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
    public var secondsLeft = 0
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
    case tick
    case resized(TerminalSize)
    case quit
  }

  enum TimerID: Hashable, Sendable { case countdown }

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
        state.secondsLeft = Self.secondsPerQuestion
        state.answer.setText("")
        state.message = ""
        return .interval(.tick, every: .seconds(1)).cancellable(id: TimerID.countdown, cancelInFlight: true)
      case .submit:
        guard let index = state.asking else { return .none }
        return Self.close(&state, with: state.questions[index].isAnswered(by: state.answer.text) ? .right : .wrong)
      case .skip:
        state.asking = nil
        return .cancel(id: TimerID.countdown)
      case .tick:
        guard state.asking != nil else { return .none }
        state.secondsLeft -= 1
        return state.secondsLeft > 0 ? .none : Self.close(&state, with: .outOfTime)
      case .resized(let size):
        let parts = Self.layout(size.bounds)
        state.list.resize(height: parts.list.height)
        state.answer.resize(width: parts.answer.width)
        return .none
      case .quit:
        state.isQuitting = true
        return .cancel(id: TimerID.countdown)
      case .list, .answer:
        return .none
      }
    }
  }

  /// Records how the question being answered went and stops its countdown.
  private static func close(_ state: inout State, with result: Result) -> Effect<Action> {
    guard let index = state.asking else { return .none }
    let answer = state.questions[index].answer
    state.results[index] = result
    state.asking = nil
    switch result {
    case .right: state.message = "Right! It is \(answer)."
    case .wrong: state.message = "Not quite: it is \(answer)."
    case .outOfTime: state.message = "Out of time: it is \(answer)."
    }
    return .cancel(id: TimerID.countdown)
  }
}
