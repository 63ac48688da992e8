#if Combine
import Tide

extension Effect {
  /// An effect that subscribes to `publisher` when it starts and sends each action it
  /// publishes, in order, finishing when the publisher finishes.
  ///
  /// Cancelling the effect (`.cancellable(id:)` and `.cancel(id:)`, or its store going away)
  /// cancels the subscription; actions the publisher sends after that are dropped.
  ///
  /// The publisher cannot fail: an effect must end in actions, and only you can name the one
  /// for a failure. Turn errors into actions before, as Combine code does:
  ///
  /// ```swift
  /// return .publisher(
  ///   api.pricePublisher(symbol)
  ///     .map { Action.priceLoaded(symbol, $0) }
  ///     .catch { Just(Action.priceFailed(symbol, "\($0)")) })
  /// ```
  ///
  /// The publisher is subscribed to when the effect starts, inside the `send` whose reducer
  /// returned it; what it publishes is sent to the store from the effect's task, in order.
  /// The effect asks for every action at once (unlimited demand, as `sink` does) and keeps them
  /// in order until the store has taken each: a subject, a notification or any publisher that
  /// does not wait for demand drops what it publishes while none is asked for, and an effect
  /// must not lose actions. Once the effect is cancelled, actions already published and not
  /// yet sent are dropped.
  public static func publisher<Actions: Publisher & SendableMetatype>(_ publisher: Actions) -> Self
  where Actions.Output == Action, Actions.Failure == Never {
    let source = PublisherSource(publisher)
    return .run { send in
      let (actions, continuation) = AsyncStream.makeStream(of: Action.self)
      await withTaskCancellationHandler {
        source.subscribe(
          receiveValue: { continuation.yield($0) },
          receiveCompletion: { continuation.finish() })
        for await action in actions { await send(action) }
      } onCancel: {
        source.cancel()
        continuation.finish()
      }
    }
  }
}
#endif
