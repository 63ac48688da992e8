import Tide

/// What the hit regions marked in a part of a canvas send, and how their values reach the app's
/// `Action`: the drawing half of the scoping that routes a child's actions (`Scope`).
///
/// A ``TerminalApp`` draws each frame in the scope of its own `Action`; each
/// ``Canvas/withActionScope(_:_:)`` inside it adds the function that embeds a child's actions in
/// its parent's. A region's value is checked against the scope when it is marked (a value that
/// cannot reach the app is reported there, not dropped when clicked) and lifted through every
/// enclosing embedding, so the runtime receives the app's own action.
package struct ActionScope: Sendable {
  /// The name of the type regions in this scope send, for messages: made only for one, since a
  /// type's name by reflection costs more than the rest of a frame's scoping (8,000 instructions
  /// of a stopwatch frame's 88,000 when it was made for every frame).
  let typeName: @Sendable () -> String
  /// Whether a region's value can be sent in this scope: its type, compared first, since a
  /// dynamic cast (`is`) in every region of every frame costs a frame hundreds of instructions.
  let accepts: @Sendable (any Sendable) -> Bool
  /// Whether values of a static type can be sent in this scope.
  let acceptsType: @Sendable (Any.Type) -> Bool
  /// The app's action for a value of this scope's type; `nil` for a value of another type.
  let lift: @Sendable (any Sendable) -> (any Sendable)?

  /// The scope of the app's own `Action`, in which a TerminalApp draws its frames.
  package static func root<Action: Sendable>(_: Action.Type) -> ActionScope {
    ActionScope(
      typeName: { String(reflecting: Action.self) }, accepts: { type(of: $0) == Action.self || $0 is Action },
      acceptsType: { ObjectIdentifier($0) == ObjectIdentifier(Action.self) }, lift: { $0 })
  }

  /// The scope of `Child` actions that `embed` turns into this scope's, or into `Parent` values
  /// as they are when drawn outside any app (`outer` is `nil`).
  static func child<Child: Sendable, Parent: Sendable>(
    of outer: ActionScope?, embeddingBy embed: @escaping @Sendable (Child) -> Parent
  ) -> ActionScope {
    let outerLift: @Sendable (any Sendable) -> (any Sendable)?
    if let outer { outerLift = outer.lift } else { outerLift = { value in value } }
    return ActionScope(
      typeName: { String(reflecting: Child.self) }, accepts: { type(of: $0) == Child.self || $0 is Child },
      acceptsType: { ObjectIdentifier($0) == ObjectIdentifier(Child.self) },
      lift: { value in (value as? Child).flatMap { outerLift(embed($0)) } })
  }

  /// The app's action for `value`, sent from a region in this scope; `nil`, reported, for a
  /// value of another type, which could never reach the app.
  func appAction(for value: any Sendable) -> (any Sendable)? {
    guard accepts(value) else {
      reportMismatch(sending: String(reflecting: type(of: value)), what: "A hit region")
      return nil
    }
    return lift(value)
  }

  /// Reports a region (or a nested scope) that sends `typeName` values where this scope takes
  /// others: it could never reach the app.
  func reportMismatch(sending typeName: String, what: String) {
    #if DEBUG
    IssueReports.report("""
      \(what) sends \(typeName), but what is drawn here must send \(self.typeName()): it would never \
      reach the app. Draw it inside canvas.withActionScope(…) with the function that embeds \
      \(typeName) in \(self.typeName()) (the case your Scope uses).
      """)
    #endif
  }
}

extension Canvas {
  /// Runs `body` with the hit regions it marks sending `Child` actions, which `embed` turns into
  /// the actions of the scope around it — the app's `Action` at the top of a frame.
  ///
  /// A feature that embeds a component draws it with the component's actions embedded in its
  /// own (`sending: { Action.plans($0) }`) and knows nothing of the app around it; the app draws
  /// the feature in a scope with the same embedding its reducer's `Scope` uses, so a click in
  /// the component reaches the app through the same path as the component's other actions:
  ///
  /// ```swift
  /// canvas.withActionScope(AppAction.picker) { PlanPicker.draw(state.picker, in: rect, on: &$0) }
  /// ```
  ///
  /// Scopes nest. A scope whose `Parent` is not the action type of the scope around it is
  /// reported when drawn (`reportIssue` in debug builds and tests), as is a region in it that
  /// does not send `Child`.
  @discardableResult
  public mutating func withActionScope<Child: Sendable, Parent: Sendable, Result>(
    _ embed: @escaping @Sendable (Child) -> Parent, _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    let saved = actionScope
    if let saved, !saved.acceptsType(Parent.self) {
      saved.reportMismatch(sending: String(reflecting: Parent.self), what: "An action scope")
    }
    actionScope = ActionScope.child(of: saved, embeddingBy: embed)
    defer { actionScope = saved }
    return try body(&self)
  }
}
