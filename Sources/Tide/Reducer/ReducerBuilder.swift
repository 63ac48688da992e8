/// Builds a reducer from a list of reducers that run one after the other on the same action;
/// their effects are merged.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  /// Accepts a reducer as a statement of the builder.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// An empty builder: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// Appends the next reducer of a block; both run, in order.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> CombinedReducer<R0, R1> where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    CombinedReducer(accumulated, next)
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(reducer)
  }

  /// One branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> EitherReducer<First, Second> where First.State == State, First.Action == Action {
    .first(reducer)
  }

  /// One branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> EitherReducer<First, Second> where Second.State == State, Second.Action == Action {
    .second(reducer)
  }
}

/// A reducer that does nothing.
public struct EmptyReducer<State, Action: Sendable>: Reducer {
  /// Creates a reducer that leaves the state alone and returns no effect.
  @inlinable public init() {}

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Two reducers run in order; built by ``ReducerBuilder`` and ``CombineReducers``.
public struct CombinedReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: ResolvedReducer<First>
  @usableFromInline let second: ResolvedReducer<Second>

  @inlinable
  init(_ first: First, _ second: Second) {
    self.first = ResolvedReducer(first)
    self.second = ResolvedReducer(second)
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    return firstEffect.merge(with: second.reduce(into: &state, action: action))
  }
}

/// A reducer that runs only when it was built (an `if` without `else` in a builder).
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: ResolvedReducer<Wrapped>?

  @inlinable
  init(_ wrapped: Wrapped?) {
    if let wrapped { self.wrapped = ResolvedReducer(wrapped) } else { self.wrapped = nil }
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers, chosen when the builder ran (`if`/`else` or `switch`).
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch.
  case first(First)
  /// The second branch.
  case second(Second)

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }

  // The branch chosen, when it has a body: read once, not every action. A branch without one
  // is called through `reduce(into:action:)`.
  @inlinable
  public func _bodyFunction() -> ((inout First.State, First.Action) -> Effect<First.Action>)? {
    switch self {
    case .first(let reducer): reducer._bodyFunction()
    case .second(let reducer): reducer._bodyFunction()
    }
  }

  @inlinable
  public static var _hasBodyFunction: Bool { First._hasBodyFunction || Second._hasBodyFunction }
}

/// Runs several reducers in order on every action and merges their effects.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
///   Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: ResolvedReducer<Reducers>

  /// Combines the reducers listed in `build`.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = ResolvedReducer(build())
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
