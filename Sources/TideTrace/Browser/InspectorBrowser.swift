import Tide
import TideTerminal

/// `APP inspect TRACE`: the steps of a trace in a ``SelectionList``, the selected step's
/// action and state changes in a ``Viewport``, and the app's own screen after that step, drawn
/// by the app's view from the state the trace holds.
///
/// A trace may hold a million steps, so the list holds a window of them around the selection
/// (``windowSize``), moved as the selection nears its edge: opening reads one window, and a jump
/// reads one window and one state. The `/` filter searches the steps of the window.
package struct InspectorBrowser: Reducer {
  /// How often a followed trace is looked at for new steps.
  package static let followInterval = Duration.milliseconds(250)

  /// Names the timer that looks at a followed trace.
  private struct Following: Hashable, Sendable {}

  /// Steps the list holds at once.
  package static let windowSize = 1_000

  /// What the status bar's prompt asks for.
  package enum Prompt: Equatable, Sendable {
    /// The field whose changes `[` and `]` jump between.
    case field
    /// A step to jump to, by its number.
    case step
  }

  /// Which pane the keys move.
  package enum Focus: Equatable, Sendable {
    case steps
    case detail
  }

  package struct State: Equatable, Sendable {
    /// The trace's file name, for the title.
    package var traceName: String
    /// Actions in the trace (more as a followed trace grows).
    package var actionCount: Int
    /// The step the list's first item shows (0: the state before the first action).
    package var firstStep: Int
    /// The window of steps.
    package var steps: SelectionList<ListItem>.State
    /// The step whose action, changes and screen are shown.
    package var shownStep: Int
    /// The shown step's action and changes.
    package var detail: Viewport.State
    /// The app's screen after the shown step, drawn by its own view, and the terminal's size then.
    package var appScreen: Canvas
    package var appSize: TerminalSize
    /// The field whose changes `[` and `]` jump between (a dotted path).
    package var field: String
    /// The prompt open in the status bar, if one is, and what is typed in it.
    package var prompt: Prompt?
    package var promptInput: TextInput.State
    /// A path the field's prompt refused, offered again when it opens (the message says why).
    package var rejectedField: String?
    package var focus: Focus
    package var help: Help.State
    /// A line for the status bar: why a jump did not move, a trace problem.
    package var message: String?
    /// Whether a followed trace's new steps are looked for.
    package var isFollowing: Bool
    /// Whether the inspector is attached to a running app (`inspect --attach`).
    package var isLive = false
    /// The step the attached app was put in (its input held), if it was.
    package var heldStep: Int? = nil
    /// The step the app was held at before the last jump asked of it: where it stays if it
    /// refuses that jump.
    package var heldBeforeJump: Int? = nil
    /// Whether the attached app has ended.
    package var liveEnded = false
    /// The trace's branch lines the list has seen: a new one replaced the steps after its own.
    package var seenBranches = 0
    /// The branch lines the trace will hold once the attached app has written the one a resume
    /// asked for: no jump until then.
    package var awaitedBranches: Int? = nil
    package var size: TerminalSize
    package var isQuitting: Bool

    /// The step selected in the list.
    package var selectedStep: Int { firstStep + (steps.selectedIndex ?? 0) }
  }

  package enum Action: Equatable, Sendable {
    case steps(SelectionList<ListItem>.Action)
    case detail(Viewport.Action)
    case help(Help.Action)
    /// Selects a step anywhere in the trace.
    case jump(to: Int)
    case jumpToStart
    case jumpToEnd
    /// The next or previous step that changed ``State/field``.
    case nextChange
    case previousChange
    /// Opens the prompt for the field, filled with the shown step's first change.
    case chooseField
    /// Opens the prompt for a step to jump to.
    case chooseStep
    case promptInput(TextInput.Action)
    case acceptPrompt
    case cancelPrompt
    case toggleFocus
    case resized(TerminalSize)
    /// Starts looking for steps appended to the trace, every ``followInterval``.
    case startFollowing
    /// Looks for steps appended to a followed trace.
    case poll
    /// Puts the attached app into the selected step's state, holding its input.
    case travel
    /// Lets the attached app go on from the step it was put in.
    case resume
    case quit
  }

  /// The trace: read when a step is shown or the window moves.
  let reader: TraceReader
  /// The app the trace is of, which draws the screen after each step.
  let app: InspectedApp

  /// The running app the inspector is attached to (`inspect --attach`), if it is: `t` puts it
  /// into the selected step's state, `r` lets it go on from there.
  let live: LiveTraceClient?

  package init(reader: TraceReader, app: InspectedApp, live: LiveTraceClient? = nil) {
    self.reader = reader
    self.app = app
    self.live = live
  }

  /// The inspector on `reader`'s trace of `app`, the last step selected. The reader is set to
  /// keep what moving back and forth needs again (``TraceReader/keepsStatesForBrowsing``).
  package static func initialState(
    reader: TraceReader, app: InspectedApp, name: String, size: TerminalSize, follow: Bool, isLive: Bool = false
  ) -> State {
    var state = State(
      traceName: name, actionCount: reader.actionCount, firstStep: 0,
      steps: SelectionList.State(items: []), shownStep: -1, detail: Viewport.State(),
      appScreen: Canvas(columns: 0, rows: 0), appSize: reader.header.size, field: "",
      prompt: nil, promptInput: TextInput.State(), rejectedField: nil, focus: .steps,
      help: Help.State(), message: reader.problem.map { "\($0)" }, isFollowing: follow, size: size, isQuitting: false)
    state.isLive = isLive
    state.seenBranches = reader.branchCount
    reader.keepsStatesForBrowsing = true
    let browser = InspectorBrowser(reader: reader, app: app)
    browser.layOut(&state, size: size)
    browser.select(reader.actionCount, in: &state)
    return state
  }

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .steps(let action):
      let isFiltered = state.steps.isFiltering || state.steps.matches != nil
      switch action {
      case .move(.first) where !isFiltered:
        select(0, in: &state)
      case .move(.last) where !isFiltered:
        select(state.actionCount, in: &state)
      default:
        _ = SelectionList().reduce(into: &state.steps, action: action)
        if !isFiltered, !(state.steps.isFiltering || state.steps.matches != nil) {
          followSelection(&state)
        }
        show(state.selectedStep, in: &state)
      }
    case .detail(let action):
      _ = Viewport().reduce(into: &state.detail, action: action)
    case .help(let action):
      _ = Help().reduce(into: &state.help, action: action)
    case .jump(let number):
      select(number, in: &state)
    case .jumpToStart:
      select(0, in: &state)
    case .jumpToEnd:
      select(state.actionCount, in: &state)
    case .nextChange, .previousChange:
      jumpToChange(forward: action == .nextChange, in: &state)
    case .chooseField:
      // The step's first change, or the field followed, or one refused, to edit; the placeholder
      // is what to type when it is emptied.
      var input = TextInput.State(placeholder: "a dotted path of the state, such as a.b")
      let rejected = state.rejectedField.flatMap { $0.isEmpty ? nil : $0 }
      let suggestion = rejected ?? (state.field.isEmpty ? firstChangedPath(of: state.shownStep) ?? "" : state.field)
      _ = TextInput().reduce(into: &input, action: .setText(suggestion))
      state.promptInput = input
      state.prompt = .field
      clearMessage(&state)
    case .chooseStep:
      state.promptInput = TextInput.State(placeholder: "0 to \(state.actionCount)")
      state.prompt = .step
      clearMessage(&state)
    case .promptInput(let action):
      _ = TextInput().reduce(into: &state.promptInput, action: action)
    case .acceptPrompt:
      let text = String(state.promptInput.text.filter { $0 != " " })
      // The status bar shows the prompt while it is open: it closes so that a refusal shows.
      switch state.prompt {
      case .field: acceptField(text, in: &state)
      case .step: acceptStep(text, in: &state)
      case nil: break
      }
    case .cancelPrompt:
      if state.prompt == .field { state.rejectedField = nil }
      state.prompt = nil
      clearMessage(&state)
    case .toggleFocus:
      state.focus = state.focus == .steps ? .detail : .steps
    case .resized(let size):
      layOut(&state, size: size)
    case .startFollowing:
      state.isFollowing = true
      return .timer(.poll, after: Self.followInterval, every: Self.followInterval).cancellable(id: Following())
    case .travel:
      guard let live else { return .none }
      // After a resume the app writes where it went on from; until the list has read it, its
      // later steps are the ones left behind, which the app no longer has.
      if let awaited = state.awaitedBranches, state.seenBranches < awaited, !live.hasEnded {
        state.message = "the app is still writing where it went on from: choose again in a moment"
        return .none
      }
      let step = state.selectedStep
      do throws(TraceProblem) {
        let json = try reader.state(after: step)
        guard live.send(.jump(step: step, state: json)) else {
          state.liveEnded = true
          state.message = "the app has ended: nothing to put back"
          return .none
        }
        state.heldBeforeJump = state.heldStep
        state.heldStep = step
        state.message = "the app shows step \(step), its keys held: r resumes from there (the steps after it are left behind)"
      } catch {
        state.message = "\(error)"
      }
    case .resume:
      guard let live, let step = state.heldStep else { return .none }
      state.heldStep = nil
      state.awaitedBranches = reader.branchCount + 1
      state.message = live.send(.resume) ? "the app goes on from step \(step)" : "the app has ended"
    case .poll:
      // A jump the app could not carry out (its State did not decode what the trace holds):
      // it stays where it was, and says why.
      if let live, let reason = live.takeRefusals().last {
        state.heldStep = state.heldBeforeJump
        state.message = "the app refused: \(reason)"
      }
      if let live, live.hasEnded, !state.liveEnded {
        state.liveEnded = true
        state.heldStep = nil
        state.message = "the app has ended; its trace stays here to browse"
      }
      let grew = reader.update()
      // A bad line ends the trace where it is: said at once, even with no step after it, and
      // nothing more is read, so the browser stops saying it follows.
      let problem = reader.problem.map { "\($0)" }
      let hasNewProblem = problem != nil && state.isFollowing
      let branched = reader.branchCount != state.seenBranches
      guard grew || state.actionCount != reader.actionCount || hasNewProblem || branched else { return .none }
      let wasAtEnd = state.selectedStep == state.actionCount
      state.actionCount = reader.actionCount
      noteWindow(&state)
      if let problem { state.message = problem }
      if branched {
        // The app went on from an earlier step: the steps the list showed after it are gone.
        state.seenBranches = reader.branchCount
        let selected = min(state.selectedStep, state.actionCount)
        loadWindow(around: selected, in: &state)
        // Shown again, its "of N" with the new count.
        state.shownStep = -1
        select(wasAtEnd ? state.actionCount : selected, in: &state)
      } else if wasAtEnd, !(state.steps.isFiltering || state.steps.matches != nil) {
        select(state.actionCount, in: &state)
      }
      if hasNewProblem {
        state.isFollowing = false
        return .cancel(id: Following())
      }
    case .quit:
      state.isQuitting = true
    }
    return .none
  }

  // MARK: The prompts

  /// Follows the field at `text`, or says why not and offers it again on `c`.
  func acceptField(_ text: String, in state: inout State) {
    state.prompt = nil
    do throws(InspectFailure) {
      _ = try TraceQueries.fieldPath(text, in: reader, option: "field")
      state.field = text
      state.message = "[ and ] jump between the changes of \(text)"
      state.rejectedField = nil
    } catch {
      state.message = error.message.replacing("\(reader.header.app): field: ", with: "") + " — c to change it"
      state.rejectedField = text
    }
  }

  /// Jumps to the step numbered `text`, or says why not; nothing typed, nothing done.
  func acceptStep(_ text: String, in state: inout State) {
    state.prompt = nil
    guard !text.isEmpty else { return }
    guard let number = Int(text), (0...state.actionCount).contains(number) else {
      state.message = "no step \"\(text)\": the steps are 0 to \(state.actionCount) — : to choose again"
      return
    }
    select(number, in: &state)
  }

  // MARK: The window and the shown step

  /// Lets the status bar's message go, unless it is the trace's own problem (a line that ended
  /// its index), which stays while the trace is browsed: a step's failure or a refusal is about
  /// what was shown or asked last.
  func clearMessage(_ state: inout State) {
    let problem = reader.problem.map { "\($0)" }
    if state.message != problem { state.message = nil }
  }

  /// Selects step `number` (clamped to the trace), moving the window when it is outside it.
  func select(_ number: Int, in state: inout State) {
    let number = min(max(0, number), state.actionCount)
    clearMessage(&state)
    let isFiltered = state.steps.isFiltering || state.steps.matches != nil
    let inWindow = number >= state.firstStep && number < state.firstStep + state.steps.items.count
    if isFiltered || !inWindow || state.steps.items.isEmpty {
      loadWindow(around: number, in: &state)
    }
    _ = SelectionList().reduce(into: &state.steps, action: .select(position: number - state.firstStep))
    centre(&state)
    show(number, in: &state)
  }

  /// Moves the window when the selection comes near its edge and the trace goes on past it.
  func followSelection(_ state: inout State) {
    let position = state.steps.selectedIndex ?? 0
    let margin = max(state.steps.height, 10)
    let nearStart = position < margin && state.firstStep > 0
    let nearEnd = position >= state.steps.items.count - margin
      && state.firstStep + state.steps.items.count <= state.actionCount
    guard nearStart || nearEnd else { return }
    let number = state.selectedStep
    let top = state.steps.top
    let oldFirst = state.firstStep
    loadWindow(around: number, in: &state)
    _ = SelectionList().reduce(into: &state.steps, action: .select(position: number - state.firstStep))
    // The rows on screen stay where they were.
    state.steps.top = max(0, top + oldFirst - state.firstStep)
  }

  /// Puts the selection in the middle of the list's rows.
  func centre(_ state: inout State) {
    let rows = max(1, state.steps.height - 1)
    state.steps.top = max(0, (state.steps.selectedIndex ?? 0) - rows / 2)
  }

  /// Reads the titles of the window of steps around `number`.
  func loadWindow(around number: Int, in state: inout State) {
    let total = state.actionCount + 1
    let first = max(0, min(number - Self.windowSize / 2, total - Self.windowSize))
    let last = min(total, first + Self.windowSize) - 1
    var items: [ListItem] = []
    items.reserveCapacity(last - first + 1)
    if first == 0 { items.append(ListItem("0 start: the state before the first action")) }
    if last >= 1 {
      do throws(TraceProblem) {
        try reader.forEachActionLine(in: max(1, first)...last) { number, bytes throws(TraceProblem) in
          let step = try TraceStep(parsing: bytes, path: reader.path, line: reader.line(ofAction: number))
          items.append(ListItem(Self.title(of: step)))
        }
      } catch {
        state.message = "\(error)"
      }
    }
    // A new window starts unfiltered: a filter searches the steps it holds.
    state.steps = SelectionList.State(items: items, height: state.steps.height)
    state.firstStep = first
    noteWindow(&state)
  }

  /// Says in the list's status row which steps its window holds, of how many, when it holds
  /// part of the trace: its own count (`1000 items` of a trace of 999,975 steps) would
  /// disagree with the title.
  func noteWindow(_ state: inout State) {
    let count = state.steps.rowCount
    state.steps.statusNote = count == 0 || count == state.actionCount + 1
      ? nil : "steps \(state.firstStep)–\(state.firstStep + count - 1) of \(state.actionCount)"
  }

  /// One row of the list: the step's number, its action, and what sent it.
  static func title(of step: TraceStep) -> String {
    let action = ActionText.describe(step.action)
    guard let input = step.input else { return "\(step.number) \(action)" }
    return "\(step.number) \(action) ← \(TraceTestExport.describe(input))"
  }

  /// Shows step `number`: its action and changes, and the app's state after it.
  func show(_ number: Int, in state: inout State) {
    guard number != state.shownStep else { return }
    state.shownStep = number
    do throws(InspectFailure) {
      state.appScreen = try TraceQueries.canvas(after: number, in: reader, app: app)
      let appSize = reader.size(after: number)
      if appSize != state.appSize {
        state.appSize = appSize
        layOut(&state, size: state.size)
      }
      _ = Viewport().reduce(into: &state.detail, action: .setText(try detailText(of: number)))
    } catch {
      state.message = error.message
      // The screen of another step must not pass for this one's.
      state.appScreen = Canvas(columns: 0, rows: 0)
      _ = Viewport().reduce(into: &state.detail, action: .setText(error.message))
    }
  }

  /// The detail pane's text for step `number`: what sent it, the action, each change with the
  /// value before it.
  func detailText(of number: Int) throws(InspectFailure) -> String {
    guard number > 0 else {
      return "Step 0 of \(reader.actionCount): the state before the first action.\n\n"
        + "\(reader.header.app) \(reader.header.appVersion), terminal \(reader.header.size)."
    }
    let step = try TraceQueries.checked(reader) { () throws(TraceProblem) in try reader.step(number) }
    try TraceQueries.check(action: step.action, number: number, in: reader, app: app)
    let before = try TraceQueries.checked(reader) { () throws(TraceProblem) in try reader.state(after: number - 1) }
    let how = step.input.map { "sent by \(TraceTestExport.describe($0))" } ?? "sent by an effect"
    var lines = [
      "Step \(number) of \(reader.actionCount), at \(TraceFormat.seconds(step.time)) s, \(how)",
      ActionText.describe(step.action),
      "",
    ]
    if step.changes.isEmpty {
      lines.append("No change to the state.")
    } else {
      lines.append(step.changes.count == 1 ? "1 change:" : "\(step.changes.count) changes:")
      for change in step.changes {
        switch change {
        case .set(let path, let value):
          let old = before.value(at: path)?.text ?? "(none)"
          lines.append("  \(path): \(old) → \(value.text)")
        case .splice:
          lines.append("  " + change.summary)
        }
      }
    }
    // Reading the state now makes the next step forward one line away.
    _ = try? reader.state(after: number)
    return lines.joined(separator: "\n")
  }

  /// The first path the step changed, to suggest as the field to follow.
  func firstChangedPath(of number: Int) -> String? {
    guard number > 0, let step = try? reader.step(number) else { return nil }
    return step.changes.first?.path.description
  }

  /// Selects the next or previous step that changed the chosen field.
  func jumpToChange(forward: Bool, in state: inout State) {
    guard !state.field.isEmpty, let path = JSONPath(parsing: state.field) else {
      state.message = "choose a field first: c"
      return
    }
    do throws(TraceProblem) {
      let found = forward
        ? try TraceQueries.nextChange(of: path, after: state.selectedStep, reader: reader)
        : try TraceQueries.previousChange(of: path, before: state.selectedStep, reader: reader)
      guard let found else {
        state.message = "no \(forward ? "later" : "earlier") change of \(state.field)"
        return
      }
      select(found, in: &state)
    } catch {
      state.message = "\(error)"
    }
  }

  // MARK: Layout

  /// The panes: the steps on the left; on the right the app's screen over the step's detail;
  /// a status bar at the bottom.
  package struct Layout {
    package var title: Rect
    package var steps: Rect
    package var screen: Rect
    package var detail: Rect
    package var status: Rect
  }

  package static func layout(_ bounds: Rect, appSize: TerminalSize) -> Layout {
    let rows = bounds.rows([.fixed(1), .fill(), .fixed(1)])
    // The app's screen whole when the terminal is wide enough, the steps taking the rest.
    let stepsWidth = max(min(30, bounds.width / 2), min(bounds.width / 2, bounds.width - appSize.columns - 1))
    let columns = rows[1].columns([.fixed(stepsWidth), .fixed(1), .fill()])
    let right = columns[2]
    // The app's screen as tall as it was, leaving the detail at least six rows.
    let screenRows = min(appSize.rows + 1, max(0, right.height - 6))
    let parts = right.rows([.fixed(screenRows), .fill()])
    return Layout(title: rows[0], steps: columns[0], screen: parts[0], detail: parts[1], status: rows[2])
  }

  func layOut(_ state: inout State, size: TerminalSize) {
    state.size = size
    let layout = Self.layout(size.bounds, appSize: state.appSize)
    _ = SelectionList().reduce(into: &state.steps, action: .resize(height: layout.steps.height))
    _ = Viewport().reduce(into: &state.detail, action: .resize(width: layout.detail.width, height: max(0, layout.detail.height - 1)))
  }
}
