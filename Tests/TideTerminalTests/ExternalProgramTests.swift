import Testing
import Tide
@testable import TideTerminal
import TideTesting

/// ``Effect/runInTerminal(_:then:)`` away from a real terminal: the program the app asks for,
/// and the outcome it gets outside a program. (A replay's is tried with tide-edit, and the
/// real hand-over in tmux: `HandOverTests`.)
@MainActor
@Suite struct ExternalProgramTests {
  /// The doc comment's sample, compiled: a file edited in the user's editor and read again.
  struct Notes: Reducer {
    struct State: Equatable {
      var path = "notes.txt"
      var text = ""
      var message: String?
      var isQuitting = false
    }

    enum Action: Equatable, Sendable {
      case edit, edited(ExternalProgram.Outcome), loaded(String), quit
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .edit:
        return .runInTerminal(.editor(for: state.path)) { .edited($0) }
      case .edited(.exited(0)):
        let path = state.path
        return .run { send in
          let bytes = (try? FileContents.read(atPath: path)) ?? []
          await send(.loaded(String(decoding: bytes, as: UTF8.self)))
        }
      case .edited(let outcome):
        state.message = "the editor \(outcome)"
        return .none
      case .loaded(let text):
        state.text = text
        return .none
      case .quit:
        state.isQuitting = true
        return .none
      }
    }

    @MainActor static func app(_ launch: TerminalLaunch) -> TerminalApp<State, Action> {
      TerminalApp(
        store: launch.store(initialState: State(), reducer: Notes()),
        view: { state, canvas in canvas.draw(state.message ?? state.text, atColumn: 0, row: 0) },
        keyAction: { _, key in key == .character("e") ? .edit : key == .character("q") ? .quit : nil },
        quitAction: .quit, isFinished: \.isQuitting)
    }
  }

  @Test func theEditorIsVisualElseEditorElseViSplitAtSpacesWithTheFileWhole() {
    let file = "my notes.txt"
    #expect(ExternalProgram.editor(for: file) { _ in nil } == ExternalProgram("vi", arguments: [file]))
    #expect(
      ExternalProgram.editor(for: file) { $0 == "EDITOR" ? "code  --wait" : nil }
        == ExternalProgram("code", arguments: ["--wait", file]))
    #expect(
      ExternalProgram.editor(for: file) { ["VISUAL": "hx", "EDITOR": "nano"][$0] } == ExternalProgram("hx", arguments: [file]))
    // Set but empty is not set, as for git.
    #expect(
      ExternalProgram.editor(for: file) { ["VISUAL": " ", "EDITOR": "nano"][$0] } == ExternalProgram("nano", arguments: [file]))
  }

  @Test func outsideAProgramTheProgramDoesNotStart() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await store.send(.edit)
    await store.receive(.edited(.couldNotStart("no terminal runs the app"))) {
      $0.message = "the editor could not start: no terminal runs the app"
    }
  }
}
