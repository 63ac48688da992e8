import Tide

/// The store a ``TestStore`` drives, whatever its shape (``StoreShape``): how the test store
/// sends to it and reads its clock, and its effects, which every shape keeps in the same
/// thread-safe registry — what the test store waits on, counts and cancels.
@MainActor
struct TestedStore<State, Action: Sendable> {
  let shape: StoreShape
  /// The store, for a test store of the ``StoreShape/store`` shape.
  let store: Store<State, Action>?
  let effects: EffectEngine
  /// The time on the store's clock since the store was created.
  let clockOffset: () -> Duration
  /// Sends the test's action, recording the state it left (see ``Recorder/recordingSent(_:)``);
  /// returns the store task and the state after the reducer, or the store's state if a
  /// middleware dropped or delayed the action.
  let send: (Action, Recorder<State, Action>) async -> (StoreTask, State)

  func send(_ action: Action, recordingIn recorder: Recorder<State, Action>) async -> (StoreTask, State) {
    await send(action, recorder)
  }

  init(_ store: Store<State, Action>) {
    shape = .store
    self.store = store
    effects = store.registry
    clockOffset = { store.clockOffset }
    send = { action, recorder in
      let (task, state) = recorder.recordingSent { store.send(action) }
      return (task, state ?? store.state)
    }
  }

  init(_ store: IsolatedStore<State, Action>) {
    shape = .isolatedStore
    self.store = nil
    effects = store.registry
    clockOffset = { store.clockOffset }
    send = { action, recorder in
      let (task, state) = recorder.recordingSent { store.send(action) }
      return (task, state ?? store.state)
    }
  }

  init<R: Reducer>(_ store: StoreActor<R>) where R.State == State, R.Action == Action, State: Sendable {
    shape = .storeActor
    self.store = nil
    effects = store.registryBeforeUse()
    clockOffset = { store.clockOffset }
    send = { action, recorder in await store.send(action, recordingIn: recorder) }
  }
}

extension StoreActor where State: Sendable {
  /// Sends the test's action on the store, where its reducer records it: nothing else the store
  /// does (an effect's action) can come between the recorder's expecting the test's action and
  /// the reducer's recording it.
  fileprivate func send(_ action: Action, recordingIn recorder: Recorder<State, Action>) -> (StoreTask, State) {
    let (task, state) = recorder.recordingSent { send(action) }
    return (task, state ?? self.state)
  }
}
