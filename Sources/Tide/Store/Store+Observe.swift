extension Store {
  /// Calls `onChange` with the state now and after every drained batch of actions.
  ///
  /// A state that is not `Equatable` cannot be told from a repeat, so it is passed every
  /// round; an `Equatable` state is passed only when it changed (see the overload below).
  /// The token keeps this store alive until it is cancelled or released.
  @inlinable
  public func observe(_ onChange: @escaping (State) -> Void) -> ObservationToken {
    onChange(state)
    return addObserver(onChange)
  }

  /// Calls `onChange` with the selected value now and whenever it changes.
  ///
  /// Equal values are skipped. A ``Presented`` value counts every assignment as a change, so
  /// a one-shot value fires once per assignment, even of an equal value.
  ///
  /// ```swift
  /// let token = store.observe(\.count) { count in print(count) }
  /// ```
  @inlinable
  public func observe<Value: Equatable>(
    _ select: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let last = LastValue(select(state))
    onChange(last.value)
    return addObserver(reading: { state in
      let value = lend(state, to: select)
      guard value != last.value else { return }
      last.value = value
      onChange(value)
    })
  }

  /// Calls `onChange` with the value at `keyPath` now and whenever it changes.
  ///
  /// A key path to stored, inline state is read through its byte offset, which is much
  /// cheaper than applying the key path on every notification.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    guard let offset = MemoryLayout<State>.offset(of: keyPath) else {
      return observe(Self.reader(keyPath), onChange: onChange)
    }
    // Reads the field in place in the round's state, through its byte offset (which
    // `offset(of:)` guarantees holds the value inline).
    let read: (UnsafePointer<State>) -> Value = {
      UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
    let last = withUnsafePointer(to: state) { LastValue(read($0)) }
    onChange(last.value)
    return addObserver(reading: { state in
      let value = UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
      guard value != last.value else { return }
      last.value = value
      onChange(value)
    })
  }

  /// A function reading the value at `keyPath`, through its byte offset when it names stored,
  /// inline state.
  @inlinable
  nonisolated static func reader<Value>(_ keyPath: KeyPath<State, Value>) -> (State) -> Value {
    guard let offset = MemoryLayout<State>.offset(of: keyPath) else {
      return { $0[keyPath: keyPath] }
    }
    return { state in
      // `offset(of:)` guarantees the value is stored inline at this offset.
      withUnsafePointer(to: state) {
        UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
      }
    }
  }

  /// Calls `onChange` with the selected value now and after every drained batch; for values
  /// that are not `Equatable`, so it cannot tell a change from a repeat.
  @inlinable
  public func observe<Value>(
    _ select: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    onChange(select(state))
    return addObserver { onChange(select($0)) }
  }

  /// The selected value now and each time it changes, as an asynchronous sequence.
  ///
  /// Unlike an observation token, the sequence does not keep the store alive.
  ///
  /// The sequence buffers only the newest value, so a slow consumer skips intermediate values
  /// but always ends on the latest one. It ends when the consuming task is cancelled or when
  /// the store is released — for a scoped store, its root, which every scoped store keeps
  /// alive — so a `for await` loop over it does not outlive the store.
  public func values<Value: Equatable & Sendable>(
    _ select: @escaping (State) -> Value
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let token = observe(select) { continuation.yield($0) }
    token.releaseStore()
    let registry = self.registry
    let closing = registry.whenClosed { continuation.finish() }
    continuation.onTermination = { _ in
      registry.forgetWhenClosed(closing)
      Task { @MainActor in token.cancel() }
    }
    return stream
  }

  @inlinable
  func addObserver(_ callback: @escaping (State) -> Void) -> ObservationToken {
    addObserver(reading: { lend($0, to: callback) })
  }

  /// Adds an observer that reads the round's state through a pointer; its token keeps this
  /// store alive.
  @inlinable
  func addObserver(reading callback: @escaping (UnsafePointer<State>) -> Void) -> ObservationToken {
    let token = addEntry(reading: callback)
    token.retain(self)
    return token
  }

  /// Adds an observer entry whose token does not keep this store alive.
  @inlinable
  func addEntry(reading callback: @escaping (UnsafePointer<State>) -> Void) -> ObservationToken {
    core.addObserver(reading: callback)
  }
}

extension Store where State: Equatable {
  /// Calls `onChange` with the state now and whenever it changes: a round that leaves the
  /// state equal to the last one passed is skipped, so the observer sees each distinct state
  /// once.
  ///
  /// Skipping repeats needs the last state passed, which the store keeps while it has such an
  /// observer — one copy, compared once a round, however many whole-state observers there are.
  /// Because the store holds that copy, the reducer's next write to a collection in the state
  /// copies the collection (copy-on-write), and the comparison walks it: a round costs about
  /// what a hand-written store that skips repeats pays (`todo-1k`: 1,000 todos copied and
  /// compared per toggle, 78,128 instructions against that store's 78,224, and 1,835 for one
  /// that calls its observer every time). To be told about part of a large state, observe that
  /// part: `observe({ $0.todos.count })` keeps no copy of the state (1,661 instructions a
  /// toggle). A key path to a computed property, as `\.todos.count`, is applied by the runtime
  /// every round (4,000); a key path to stored state is read in place.
  ///
  /// The token keeps this store alive until it is cancelled or released.
  @inlinable
  public func observe(_ onChange: @escaping (State) -> Void) -> ObservationToken {
    let initial = state
    onChange(initial)
    // After `onChange`, which may have sent actions: the snapshot found now is the one in use.
    guard let shared = observedStateSnapshot else {
      let snapshot = ObservedStateSnapshot(initial, leader: onChange)
      snapshot.refreshEntry = addEntry(reading: { snapshot.refresh(with: $0) })
      observedStateSnapshot = snapshot
      let token = ObservationToken { [weak self] in
        snapshot.leader = nil
        self?.leave(snapshot)
      }
      token.retain(self)
      return token
    }
    let snapshot = unsafeDowncast(shared, to: ObservedStateSnapshot<State>.self)
    let member = SnapshotMember(joinedWith: initial == snapshot.state ? nil : initial)
    snapshot.members += 1
    let entry = addEntry(reading: { state in
      if member.isCalled(with: state, snapshot: snapshot) { lend(state, to: onChange) }
    })
    let token = ObservationToken { [weak self] in
      entry.cancel()
      self?.leave(snapshot)
    }
    token.retain(self)
    return token
  }

  /// A whole-state observer of `snapshot` has ended; the last one's end drops the snapshot.
  @usableFromInline
  func leave(_ snapshot: ObservedStateSnapshot<State>) {
    snapshot.members -= 1
    guard snapshot.members == 0 else { return }
    snapshot.refreshEntry?.cancel()
    snapshot.refreshEntry = nil
    if observedStateSnapshot === snapshot { observedStateSnapshot = nil }
  }
}

/// The last value an observer saw. A class with an unchecked property rather than a captured
/// `var`, whose every access would be checked for exclusivity at run time; it is only touched
/// on the main actor, by the one observer that owns it.
@MainActor
@usableFromInline
final class LastValue<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
