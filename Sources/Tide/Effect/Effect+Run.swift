
extension Effect {
  /// Runs asynchronous work in a task; `send` delivers actions back to the store.
  ///
  /// The body begins at once, inside `send`, on the store's actor, and runs there up to its
  /// first suspension: bodies start in the order their effects were produced, and what they do
  /// before their first `await` is done when `send` returns. From its first suspension on (an
  /// `await send`, a sleep, a request) it runs on the global pool, never on the store's actor
  /// or the main actor again: put blocking work after an `await`.
  ///
  /// An error thrown by `operation` goes to `handler`. Without a handler it is reported — on
  /// standard error, and as a test failure when running under a test — and the store goes on.
  /// Cancellation is not an error.
  ///
  /// ```swift
  /// return .run { send in
  ///   let user = try await api.loadUser()
  ///   await send(.userLoaded(user))
  /// } catch: { error, send in
  ///   await send(.userFailed(error.localizedDescription))
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(.run(priority: priority) { context in
      do {
        try await operation(context.send)
      } catch is CancellationError {
      } catch {
        if Task.isCancelled { return }
        if let handler {
          await handler(error, context.send)
        } else {
          reportIssue(
            error,
            "An effect returned from \(fileID):\(line) threw an unhandled error. Add a 'catch:' handler to turn it into an action.",
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
      }
    })
  }

  /// Sends every action `sequence` produces, until it ends or the effect is cancelled, so an
  /// existing stream of events plugs into the store.
  public static func run<Actions: AsyncSequence & Sendable>(
    _ sequence: Actions,
    priority: TaskPriority? = nil,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where Actions.Element == Action {
    run(sequence, priority: priority, transform: { $0 }, catch: handler,
        fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an action made from every element `sequence` produces, until it ends or the effect
  /// is cancelled.
  public static func run<Elements: AsyncSequence & Sendable>(
    _ sequence: Elements,
    priority: TaskPriority? = nil,
    transform: @escaping @Sendable (Elements.Element) -> Action,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    run(priority: priority, operation: { send in
      for try await element in sequence {
        await send(transform(element))
      }
    }, catch: handler, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
