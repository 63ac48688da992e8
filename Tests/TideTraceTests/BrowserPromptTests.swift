import Foundation
import Testing
import TideJSON
import TideTerminal
import TideTestSupport
import TideTrace

/// The browser's prompts and status bar, as a person meets them (hostile pass): a paste goes
/// into the open prompt, a step's failure is said on that step only, a refusal goes when the
/// prompt opens again or is left, and the field prompt suggests this app's fields.
@MainActor
@Suite("TideTrace: the browser's prompts and status bar")
struct BrowserPromptTests {
  typealias State = ItemsAndCursor

  static var app: InspectedApp { ItemsAndCursor.app(named: "prompts") }

  /// 600 actions moving the cursor, a snapshot every 250; with `wrongAt`, that action's change
  /// sets the cursor to a text, which the app's `State` cannot hold.
  static func browser(
    in folder: TemporaryDirectory, actions: Int = 600, wrongAt: Int? = nil
  ) throws -> (InspectorBrowser, InspectorBrowser.State) {
    let bytes = recordedTrace(app: "prompts", snapshotInterval: 250, from: State(items: ["a", "b"]), actions: actions) { number, state in
      state.cursor = number % 7
    }
    var text = String(decoding: bytes, as: UTF8.self)
    if let wrongAt {
      let line = try #require(text.range(of: #"{"n":\#(wrongAt),"#))
      let change = try #require(text.range(of: #"["cursor","#, range: line.upperBound..<text.endIndex))
      let value = try #require(text.range(of: "]", range: change.upperBound..<text.endIndex))
      text.replaceSubrange(change.lowerBound..<value.upperBound, with: #"["cursor","x"]"#)
    }
    let path = folder.file("prompts.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let reader = try TraceQueries.open(path, app: app)
    let state = InspectorBrowser.initialState(
      reader: reader, app: app, name: "prompts.trace", size: TerminalSize(columns: 100, rows: 30), follow: false)
    return (InspectorBrowser(reader: reader, app: app), state)
  }

  /// The list holds a window of the trace's steps: its status row names the window and the
  /// trace's last step, as the title does, not the window's count as if it were all.
  @Test func theStepListSaysWhichStepsItsWindowHolds() throws {
    let (browser, start) = try Self.browser(in: TemporaryDirectory("browser-window"), actions: 2_500)
    var state = start
    #expect(state.steps.status == "steps 1501–2500 of 2500", "opened at the last step")
    _ = browser.reduce(into: &state, action: .jump(to: 100))
    #expect(state.steps.status == "steps 0–999 of 2500")
    _ = browser.reduce(into: &state, action: .steps(.startFiltering))
    _ = browser.reduce(into: &state, action: .steps(.query(.paste("99"))))
    #expect(state.steps.status == "19 of 1000", "a filter counts the steps it searches, the window's")
    _ = browser.reduce(into: &state, action: .steps(.clearFilter))
    _ = browser.reduce(into: &state, action: .jump(to: 2_000))
    #expect(state.steps.status == "steps 1500–2499 of 2500")

    let (_, small) = try Self.browser(in: TemporaryDirectory("browser-window-small"), actions: 15)
    #expect(small.steps.status == "16 items", "every step in the window: steps 0 to 15")
  }

  @Test func aPasteGoesIntoTheOpenPromptAndNowhereElse() throws {
    let (browser, start) = try Self.browser(in: TemporaryDirectory("browser-paste"))
    var state = start
    #expect(InspectorBrowser.action(forPaste: "7", in: state) == nil, "no prompt open: a paste is not keys")
    _ = browser.reduce(into: &state, action: .chooseStep)
    let paste = try #require(InspectorBrowser.action(forPaste: "123", in: state))
    _ = browser.reduce(into: &state, action: paste)
    _ = browser.reduce(into: &state, action: .acceptPrompt)
    #expect(state.selectedStep == 123)
    _ = browser.reduce(into: &state, action: .steps(.startFiltering))
    #expect(InspectorBrowser.action(forPaste: "move", in: state) == .steps(.query(.paste("move"))))
  }

  @Test func aStepsFailureIsSaidOnThatStepOnly() throws {
    let (browser, start) = try Self.browser(in: TemporaryDirectory("browser-step-failure"), wrongAt: 300)
    var state = start
    _ = browser.reduce(into: &state, action: .jump(to: 320))
    #expect(state.message?.contains("the state after action 300 is not a state of prompts") == true, "\(String(describing: state.message))")
    _ = browser.reduce(into: &state, action: .jump(to: 100))
    #expect(state.message == nil, "step 100 is before the wrong line: \(String(describing: state.message))")
    // Reached from either side, the same step says the same.
    _ = browser.reduce(into: &state, action: .jump(to: 520))
    #expect(state.message == nil, "step 520 is read from the snapshot after 500")
    _ = browser.reduce(into: &state, action: .jump(to: 320))
    _ = browser.reduce(into: &state, action: .jump(to: 520))
    #expect(state.message == nil)
  }

  @Test func aRefusalGoesWhenThePromptOpensOrIsLeft() throws {
    let (browser, start) = try Self.browser(in: TemporaryDirectory("browser-refusal"))
    var state = start
    _ = browser.reduce(into: &state, action: .chooseStep)
    _ = browser.reduce(into: &state, action: .promptInput(.setText("0x10")))
    _ = browser.reduce(into: &state, action: .acceptPrompt)
    #expect(state.message == "no step \"0x10\": the steps are 0 to 600 — : to choose again")
    _ = browser.reduce(into: &state, action: .chooseStep)
    #expect(state.message == nil)
    _ = browser.reduce(into: &state, action: .acceptPrompt)
    #expect(state.message == nil, "nothing typed: nothing said, the old refusal not back")
    _ = browser.reduce(into: &state, action: .chooseStep)
    _ = browser.reduce(into: &state, action: .promptInput(.setText("x")))
    _ = browser.reduce(into: &state, action: .acceptPrompt)
    _ = browser.reduce(into: &state, action: .cancelPrompt)
    #expect(state.message == nil, "esc lets the refusal go")
  }

  @Test func theFieldPromptSuggestsThisAppsFields() throws {
    let (browser, start) = try Self.browser(in: TemporaryDirectory("browser-field"))
    var state = start
    _ = browser.reduce(into: &state, action: .chooseField)
    #expect(state.promptInput.text == "cursor", "the shown step's first change")
    _ = browser.reduce(into: &state, action: .promptInput(.setText("")))
    _ = browser.reduce(into: &state, action: .acceptPrompt)
    #expect(state.message?.contains("is not a dotted path") == true, "\(String(describing: state.message))")
    _ = browser.reduce(into: &state, action: .chooseField)
    #expect(state.promptInput.text == "cursor", "an empty path refused is not offered again")
    #expect(!state.promptInput.placeholder.contains("counter"), "no other app's field: \(state.promptInput.placeholder)")
  }
}
