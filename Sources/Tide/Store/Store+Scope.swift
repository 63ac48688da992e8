extension Store {
  /// A store for a part of this store's state and a subset of its actions.
  ///
  /// The child holds no state of its own: it reads the parent's state through `state`, and its
  /// actions are embedded and sent to the parent, whose reducer (usually with a ``Scope``)
  /// handles them. So the two are always in sync, both ways; the child's observers are told in
  /// the same round as the parent's. The child keeps its parent alive, as a view keeps the
  /// model it shows.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: AppAction.counter)
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    scope(reading: toChildState, at: nil, action: fromChildAction)
  }

  /// A store for the part of this store's state at `toChildState`; see
  /// ``scope(state:action:)-(_,(ChildAction)->Action)``.
  ///
  /// A key path to stored, inline state (a struct property) is read through its byte offset,
  /// and the child's observers read it in place in the root's state, so a deeply scoped store
  /// costs little more than its root.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    scope(
      reading: Self.reader(toChildState), at: MemoryLayout<State>.offset(of: toChildState),
      action: fromChildAction)
  }

  /// A scoped store whose state `read` makes from this one's, and which lies `offset` bytes
  /// into it when that is known.
  @inlinable
  func scope<ChildState, ChildAction: Sendable>(
    reading read: @escaping (State) -> ChildState,
    at offset: Int?,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let child: ScopedCore<ChildState, ChildAction>
    switch core {
    case .root(let root):
      let location = offset.map { offset in
        RootLocation(offset: offset) { callback in
          root.addObserver(reading: { callback(UnsafeRawPointer($0)) })
        }
      }
      child = ScopedCore(
        state: { read(root.state) },
        send: { root.sendAction(embed($0)) },
        sendBatch: { root.sendActions(contentsOf: $0.lazy.map(embed)) },
        addObserver: Self.childObservers(location: location, read: read, parent: root.addObserver(reading:)),
        location: location,
        rootStore: self,
        registry: root.registry,
        clock: root.clock)
    case .scoped(let parent):
      let location = offset.flatMap { offset in parent.location?.appending(offset) }
      child = ScopedCore(
        state: { read(parent.state()) },
        send: { parent.send(embed($0)) },
        sendBatch: { parent.sendBatch($0.map(embed)) },
        addObserver: Self.childObservers(location: location, read: read, parent: parent.addObserver),
        location: location,
        rootStore: parent.rootStore,
        registry: parent.registry,
        clock: parent.clock)
    }
    return Store<ChildState, ChildAction>(scoped: child)
  }

  /// How a scoped store adds an observer: on the root, reading the child in place, when the
  /// child has a fixed place in the root's state; else on the parent, through `read`.
  @inlinable
  static func childObservers<ChildState>(
    location: RootLocation?,
    read: @escaping (State) -> ChildState,
    parent addParentObserver: @escaping (@escaping (UnsafePointer<State>) -> Void) -> ObservationToken
  ) -> (@escaping (UnsafePointer<ChildState>) -> Void) -> ObservationToken {
    if let location {
      let offset = location.offset
      return { callback in
        location.addRawObserver { root in
          // `offset(of:)` guaranteed every step of the way that the child is stored inline here.
          callback(root.advanced(by: offset).assumingMemoryBound(to: ChildState.self))
        }
      }
    }
    return { callback in
      addParentObserver { parent in
        withUnsafePointer(to: lend(parent, to: read)) { callback($0) }
      }
    }
  }
}
