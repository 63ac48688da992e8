import Foundation
import Testing
import Tide
import TideTerminal

/// The README's "Saving a data file" sample, built where only Tide's public API is in reach: a
/// store saves its data after each change with a `DataSaver`, and a save that cannot be written
/// comes back as an action whose text names the path and the system's reason.
@MainActor
@Suite final class SavingFromOutsideTests {
  struct Habit: Codable, Equatable, Sendable { var name: String }

  struct Habits: Reducer {
    struct State { var habits: [Habit] = []; var warning: String? }
    enum Action: Sendable {
      case add(String)
      case saveFailed(String)
      var changesHabits: Bool { if case .add = self { true } else { false } }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let name): state.habits.append(Habit(name: name))
      case .saveFailed(let message): state.warning = message
      }
      return .none
    }
  }

  /// A store whose changes are saved to `path`, as the README's sample saves them.
  func store(savingTo path: String) -> Store<Habits.State, Habits.Action> {
    let saver = DataSaver<[Habit]>(path: path) { try JSONEncoder().encode($0) }
    let saving = Middleware<Habits.State, Habits.Action> { action, state in
      guard action.changesHabits else { return .none }  // only after a change
      return saver.save(state.habits, failed: { .saveFailed($0.description) })
    }
    return Store(initialState: Habits.State(), reducer: Habits(), clock: VirtualClock(), middleware: [saving])
  }

  let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tide-quiz-\(UUID())").path

  // Swift Testing makes a suite's instance for each test and lets it go after it: its folder goes
  // with it.
  deinit { try? FileManager.default.removeItem(atPath: temporary) }

  func folder() throws -> String {
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    return temporary
  }

  @Test func eachChangeIsSavedAndTheLastOneIsOnDisk() async throws {
    let path = try folder() + "/habits.json"
    let store = store(savingTo: path)
    store.send(.add("read"))
    await store.send(.add("walk")).finish()
    let saved = try JSONDecoder().decode([Habit].self, from: Data(FileContents.read(atPath: path)))
    #expect(saved == [Habit(name: "read"), Habit(name: "walk")])
    #expect(store.state.warning == nil)
  }

  @Test func aSaveThatCannotBeWrittenComesBackAsAPlainMessage() async throws {
    let path = try folder() + "/habits.json"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let store = store(savingTo: path)
    await store.send(.add("read")).finish()
    #expect(store.state.warning == "could not write \(path): Is a directory")
  }
}
