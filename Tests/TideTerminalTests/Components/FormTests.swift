import Foundation
import Testing
import Tide
import TideTerminal
import TideTesting

/// Issue 39: a Form of inputs, texts, selects that filter as you type, multi-selects and
/// confirms; rules per field with an error line; tab, shift-tab and presses move the focus; a
/// field that fails never submits, and esc is a cancel the app decides on.
@MainActor
@Suite("Form")
struct FormTests {
  static let signUp = Form.State(
    fields: [
      .input("name", title: "Name:", placeholder: "your name", rules: [.required("Enter a name")]),
      .input("email", title: "Email:", rules: [.contains("@", message: "An email has an @")]),
      .select("plan", title: "Plan:", options: ["Free", "Pro", "Team"], height: 3),
    ], cancel: "Cancel")

  static let everyKind = Form.State(fields: [
    .input("name", title: "Name:"),
    .text("bio", title: "Bio:", height: 2),
    .select("plan", title: "Plan:", options: ["Free", "Pro", "Team"], selected: 1, height: 3),
    .multiSelect("tags", title: "Tags:", options: ["swift", "rust", "go"], selected: [2], height: 3,
      rules: [.minCount(2, message: "Pick two")]),
    .confirm("terms", title: "Terms:", label: "I agree", rules: [.required("Agree to go on")]),
  ])

  /// `state` after `actions`, their effects' actions left out.
  func applying(_ actions: Form.Action?..., to state: Form.State) -> Form.State {
    var state = state
    for action in actions {
      let action = try! #require(action)
      _ = Form().reduce(into: &state, action: action)
    }
    return state
  }

  /// `state` after typing `text` and pressing `keys`, as the app routes them to the form.
  func typing(_ text: String, _ keys: Key..., into state: Form.State) -> Form.State {
    var state = state
    for key in text.map(Key.character) + keys {
      guard let action = Form.action(for: key, in: state) else { continue }
      _ = Form().reduce(into: &state, action: action)
    }
    return state
  }

  func drawn(_ state: Form.State, columns: Int, rows: Int, sending: (@Sendable (Form.Action) -> any Sendable)? = nil) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    Form.draw(state, in: canvas.bounds, on: &canvas, sending: sending)
    return canvas
  }

  func press(_ canvas: Canvas, _ column: Int, _ row: Int) -> Form.Action? {
    HitMap(canvas).target(of: PointerEvent(.press(.left), column: column, row: row)) as? Form.Action
  }

  @Test func drawsTitlesFieldsAndButtonsTheFocusOnTheFirstField() {
    let canvas = drawn(Self.signUp, columns: 32, rows: 7)
    #expect(canvas.text() == """
      > Name:  your name
        Email:
        Plan:  > Free
                 Pro
                 Team

        [ Submit ]  [ Cancel ]
      """)
    #expect(canvas[0, 0].style == Theme.default.focus)
    #expect(Self.signUp.focused == .field("name"))
  }

  @Test func tabAndShiftTabGoThroughTheFieldsThenTheButtonsWrappingAround() {
    var state = Self.signUp
    var order: [Form.Focus] = []
    for _ in 0..<5 {
      state = typing("", .tab, into: state)
      order.append(state.focused)
    }
    #expect(order == [.field("email"), .field("plan"), .submit, .cancel, .field("name")])
    state = typing("", .backTab, .backTab, into: state)
    #expect(state.focused == .submit)
    #expect(typing("", .enter, into: Self.signUp).focused == .field("email"), "enter on a one-line field goes on")
  }

  @Test func anInvalidFieldNeverSubmitsShowsItsErrorAndTakesTheFocus() async {
    let typed = typing("ada.example.com", into: typing("Ada", .tab, into: Self.signUp))
    let store = TestStore(initialState: typed, reducer: Form())
    // No `submitted` comes: the TestStore fails on an action it did not expect.
    await store.send(.submit) { $0 = applying(.submit, to: typed) }
    #expect(store.state.focused == .field("email"))
    #expect(store.state.error("email") == "An email has an @")
    #expect(store.state.error("name") == nil)
    let canvas = drawn(store.state, columns: 32, rows: 8)
    #expect(canvas.text().split(separator: "\n").prefix(3) == ["  Name:  Ada", "> Email: ada.example.com", "         An email has an @"])
    #expect(canvas[9, 2].style == Theme.default.error)
    // An edit that makes the value pass takes the message away; then the form submits.
    let fixed = applying(.input("email", .moveCursor(to: 3)), .input("email", .insert("@")), to: store.state)
    #expect(fixed.error("email") == nil)
    await store.send(.input("email", .moveCursor(to: 3))) { $0 = applying(.input("email", .moveCursor(to: 3)), to: $0) }
    await store.send(.input("email", .insert("@"))) { $0 = fixed }
    await store.send(.submit) { $0.focus(.submit) }
    await store.receive(.submitted)
    #expect(store.state.text("name") == "Ada")
    #expect(store.state.text("email") == "ada@.example.com")
    #expect(store.state.selection("plan") == "Free")
  }

  @Test func aRequiredFieldLeftEmptyFailsFirstAndSpacesDoNotCount() async {
    let state = applying(.input("name", .paste("   ")), .submit, to: Self.signUp)
    #expect(state.focused == .field("name"), "the first field that failed takes the focus")
    #expect(state.error("name") == "Enter a name")
    #expect(state.error("email") == "An email has an @")
  }

  @Test func escIsACancelTheAppDecidesOnAndKeepsWhatWasTyped() async {
    let typed = typing("Grace", into: Self.signUp)
    #expect(Form.action(for: .escape, in: typed) == .cancel)
    let store = TestStore(initialState: typed, reducer: Form())
    await store.send(.cancel)
    #expect(store.state.text("name") == "Grace")
    let onCancel = typing("", .tab, .tab, .tab, .tab, into: typed)
    #expect(onCancel.focused == .cancel)
    #expect(Form.action(for: .enter, in: onCancel) == .cancel)
  }

  @Test func aSelectFiltersAsYouTypeAndLeavingKeepsTheOptionChosen() {
    var state = Form.State(fields: [.select("plan", title: "Plan:", options: ["Free", "Pro", "Team"], height: 3)])
    state = typing("te", into: state)
    #expect(state.selection("plan") == "Team")
    #expect(drawn(state, columns: 24, rows: 6).text().contains("/te"))
    state = typing("", .backspace, .backspace, into: state)
    #expect(state.selection("plan") == "Team", "erasing the filter keeps the option")
    state = typing("xq", into: state)
    #expect(state.selection("plan") == nil, "a filter that hides every option leaves none chosen")
    #expect(drawn(state, columns: 24, rows: 6).text().contains("No matches"))
    state = typing("", .escape, .up, into: state)
    #expect(state.selection("plan") == "Free", "esc clears the filter first")
    state = typing("pr", .tab, into: state)
    #expect(state.selection("plan") == "Pro")
    #expect(state.focused == .submit)
    #expect(!drawn(state, columns: 24, rows: 6).text().contains("/pr"), "leaving clears the filter")
  }

  @Test func aMultiSelectTogglesWithSpaceAndFiltersWithSlash() {
    var state = Self.everyKind
    state.focus(.field("tags"))
    #expect(state.selections("tags") == ["go"])
    state = typing(" ", .down, into: state)
    #expect(state.selections("tags") == ["swift", "go"])
    state = typing("x", into: state)
    #expect(state.selections("tags") == ["swift", "rust", "go"])
    state = typing("/ru", .enter, into: state)
    #expect(drawn(state, columns: 30, rows: 12).text().contains("> [x] rust"))
    state = typing(" ", into: state)
    #expect(state.selections("tags") == ["swift", "go"])
    state.setSelections([0, 7, -1], for: "tags")
    #expect(state.selections("tags") == ["swift"], "indices that are not options are left out")
  }

  @Test func aConfirmTogglesAndRulesCheckEveryKind() async {
    var state = Self.everyKind
    let passed = state.validate()
    #expect(!passed)
    #expect(state.error("tags") == "Pick two")
    #expect(state.error("terms") == "Agree to go on")
    #expect(state.focused == .field("tags"))
    state = typing("", .down, .down, into: state)
    state = typing(" ", into: state)
    #expect(state.selections("tags").isEmpty, "space toggles the option under the cursor")
    #expect(state.error("tags") == "Pick two")
    state = typing("x", into: typing(" ", .up, .up, into: state))
    #expect(state.selections("tags") == ["swift", "go"])
    #expect(state.error("tags") == nil, "the message goes once the value passes")
    state = typing("", .tab, .character(" "), into: state)
    #expect(state.isOn("terms"))
    #expect(state.error("terms") == nil)
    #expect(drawn(state, columns: 30, rows: 12).text().contains("> Terms: [x] I agree"))
    let passesNow = state.validate()
    #expect(passesNow)
  }

  /// A number in a range, as the outside developer's habit target (1–7) needed: spaces around
  /// it allowed; empty, a word, a fraction or out of range fails.
  @Test func anIntegerRuleTakesAWholeNumberInItsRange() {
    func passes(_ text: String) -> Bool {
      var state = Form.State(fields: [.input("target", title: "Target", text: text, rules: [.integer(in: 1...7, message: "1 to 7")])])
      return state.validate()
    }
    for good in ["1", "7", " 4 ", "04"] { #expect(passes(good), "\(good.debugDescription)") }
    for bad in ["", "0", "8", "-1", "four", "2.5", "1 2", "９"] { #expect(!passes(bad), "\(bad.debugDescription)") }
    var state = Form.State(fields: [.input("target", title: "Target", text: "9", rules: [.integer(in: 1...7, message: "1 to 7")])])
    let passed = state.validate()
    #expect(!passed)
    #expect(state.error("target") == "1 to 7")
  }

  @Test func aTextFieldTakesSeveralLinesAndTabLeavesIt() {
    var state = Self.everyKind
    state.focus(.field("bio"))
    state = typing("one", .enter, into: state)
    state = typing("two", .tab, into: state)
    #expect(state.text("bio") == "one\ntwo")
    #expect(state.focused == .field("plan"))
    #expect(Form.paste("a\tb", in: state) == .list("plan", .query(.paste("a\tb"))))
  }

  @Test func pressesFocusChooseToggleAndPress() {
    let state = Self.everyKind
    let canvas = drawn(state, columns: 30, rows: 12, sending: { $0 })
    #expect(canvas.text() == """
      > Name:
        Bio:

        Plan:    Free
               > Pro
                 Team
        Tags:  > [ ] swift
                 [ ] rust
                 [x] go
        Terms: [ ] I agree

        [ Submit ]
      """)
    #expect(press(canvas, 2, 1) == .focus(.field("bio")))
    #expect(press(canvas, 10, 5) == .list("plan", .press(position: 2)))
    #expect(press(canvas, 10, 7) == .list("tags", .press(position: 1)))
    #expect(press(canvas, 9, 9) == .toggle("terms"))
    #expect(press(canvas, 4, 11) == .submit)
    var after = applying(press(canvas, 10, 5), to: state)
    #expect(after.focused == .field("plan"))
    #expect(after.selection("plan") == "Team", "a press on an option chooses it")
    after = applying(press(canvas, 10, 7), press(canvas, 9, 9), to: after)
    #expect(after.selections("tags") == ["rust", "go"])
    #expect(after.isOn("terms"))
    #expect(after.focused == .field("terms"))
    after = applying(press(canvas, 9, 0), to: after)
    #expect(after.focused == .field("name"), "a press in a text field focuses it")
  }

  enum AppAction: Equatable, Sendable {
    case signUp(Form.Action)
  }

  /// A form drawn inside the app's scope for it (no `sending`): its regions reach the app's
  /// action through the same embedding as its other actions.
  @Test func pressesReachTheAppThroughTheScopeTheFormIsDrawnIn() {
    var canvas = Canvas(columns: 32, rows: 7)
    canvas.withActionScope(AppAction.signUp) { canvas in
      Form.draw(Self.signUp, in: canvas.bounds, on: &canvas, sending: { $0 })
    }
    let map = HitMap(canvas)
    #expect(map.target(of: PointerEvent(.press(.left), column: 3, row: 1)) as? AppAction == .signUp(.focus(.field("email"))))
    #expect(map.target(of: PointerEvent(.press(.left), column: 10, row: 3)) as? AppAction == .signUp(.list("plan", .press(position: 1))))
    #expect(map.target(of: PointerEvent(.press(.left), column: 16, row: 6)) as? AppAction == .signUp(.cancel))
    #expect(map.target(of: PointerEvent(.scrollDown, column: 10, row: 3)) as? AppAction == .signUp(.list("plan", .scroll(by: 3))))
  }

  @Test func theFocusedFieldsKeysAreItsHelp() {
    var state = Self.everyKind
    #expect(Form.keys(for: state).helpLine(maxWidth: 80).contains("tab next field"))
    state.focus(.field("terms"))
    #expect(Form.keys(for: state).helpLine(maxWidth: 80).contains("toggle"))
    state.focus(.submit)
    #expect(Form.keys(for: state).helpLine(maxWidth: 80).hasPrefix("enter/space submit"))
  }

  @Test func aTallFormScrollsToWhatHasTheFocus() {
    var state = Self.everyKind
    state.focus(.submit)
    let canvas = drawn(state, columns: 30, rows: 4)
    #expect(canvas.text().split(separator: "\n").last?.hasPrefix("> [ Submit ]") == true)
  }

  /// A tall form beside the focused component keeps its scroll: drawn without the focus, it
  /// showed its top again (the focus marks went, and the scroll with them).
  @Test func anUnfocusedTallFormKeepsItsScroll() {
    var state = Self.everyKind
    state.focus(.field("terms"))
    var focused = Canvas(columns: 30, rows: 4)
    Form.draw(state, in: focused.bounds, on: &focused, isFocused: true)
    var unfocused = Canvas(columns: 30, rows: 4)
    Form.draw(state, in: unfocused.bounds, on: &unfocused, isFocused: false)
    #expect(focused.text().contains("Terms:"))
    #expect(unfocused.text().contains("Terms:"), "the unfocused form scrolled back to its top")
    #expect(focused.text().contains("> Terms:") && !unfocused.text().contains("> Terms:"), "nothing is marked as focused")
  }

  /// A form is `Codable`, so an app with a form gets `--trace`: a form in the middle of being
  /// filled in — a name typed, lines with undo steps, a select filtering — comes back as it was,
  /// and so do the actions that got it there.
  @Test func aFormAndItsActionsComeBackFromJSONAsTheyWere() throws {
    var state = typing("Ada", .tab, into: Self.everyKind)
    state = typing("first", .enter, into: state)
    state = typing("é second", .tab, into: state)
    state = typing("pr", into: state)
    #expect(state.focused == .field("plan") && state.selection("plan") == "Pro")
    let decoded = try JSONDecoder().decode(Form.State.self, from: JSONEncoder().encode(state))
    #expect(decoded == state)
    #expect(drawn(decoded, columns: 40, rows: 14).text() == drawn(state, columns: 40, rows: 14).text())
    // The undo steps came back too.
    let undone = typing("", .tab, .tab, .tab, into: decoded)
    #expect(undone.text("bio") == state.text("bio"))
    let actions: [Form.Action] = [
      .input("name", .insert("A")), .text("bio", .insert("é")), .text("bio", .moveCursor(to: .init(line: 1, column: 2))),
      .text("bio", .resize(width: 20, height: 2)), .text("bio", .undo), .list("plan", .query(.insert("p"))),
      .list("tags", .press(position: 2)), .toggle("terms"), .focus(.field("bio")), .focus(.submit), .submit, .cancel,
    ]
    for action in actions {
      #expect(try JSONDecoder().decode(Form.Action.self, from: JSONEncoder().encode(action)) == action)
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TextArea.Action.self, from: Data(#"{"insert":{"_0":"ab"}}"#.utf8))
    }
  }

  @Test func badInputNeverCrashesAndIsClamped() {
    let hostile = Form.State(fields: [
      .input("a", title: "\u{7}\u{1B}[2J漢字\u{200B}", text: "x\u{0}y\u{1F1EF}\u{1F1F5}", rules: [.minCount(-5, message: "")]),
      .select("empty", title: "", options: [], selected: 99, rules: [.required("Pick one")]),
      .select("far", title: String(repeating: "長", count: 500), options: ["a", "b"], selected: -7, height: -3),
      .multiSelect("m", title: "m", options: [], selected: [5]),
      .text("t", title: "t", height: 0),
      .input("a", title: "duplicate id"),
    ])
    #expect(hostile.fields.count == 5, "a later field with the same id is left out")
    #expect(hostile.selection("empty") == nil)
    #expect(hostile.selection("far") == "a", "an index out of range is clamped")
    #expect(hostile.selections("m").isEmpty)
    #expect(hostile.text("a") == "xy\u{1F1EF}\u{1F1F5}")
    #expect(hostile.text("nope").isEmpty)
    for (columns, rows) in [(1, 1), (0, 0), (2, 1), (5, 3), (80, 24)] {
      _ = drawn(hostile, columns: columns, rows: rows, sending: { $0 })
    }
    var state = hostile
    state.select(option: 1_000, for: "far")
    #expect(state.selection("far") == "b")
    state.select(option: 0, for: "empty")
    state = typing("zz", .down, .up, .tab, .character(" "), .tab, .enter, into: state)
    let passed = state.validate()
    #expect(!passed)
    #expect(state.error("empty") == "Pick one")
    _ = drawn(state, columns: 1, rows: 1, sending: { $0 })
    let none = Form.State(fields: [])
    #expect(none.focused == .submit)
    #expect(drawn(none, columns: 12, rows: 1).text() == "> [ Submit ]")
  }

  @Test func theAppSetsErrorsItAloneCanCheck() {
    var state = typing("Ada", into: Self.signUp)
    state.setError("Taken", for: "name")
    state.focus(.submit)
    state.setError("Taken", for: "name")
    #expect(state.focused == .field("name"))
    #expect(drawn(state, columns: 32, rows: 8).text().contains("Taken"))
    state = typing("!", into: state)
    #expect(state.error("name") == nil, "an edit that passes the rules takes it away")
  }
}
