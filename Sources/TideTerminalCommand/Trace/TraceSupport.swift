import Tide
import TideTerminal
import TideTrace

/// What `--trace` and `inspect` need of an app, for a ``TerminalCommand`` whose app's State and
/// Action are `Codable` (made by its initializers for such apps; `nil` for any other, whose
/// `--trace` and `inspect` are refused with a message saying why).
///
/// Its closures are made where the types' conformances are known, so the command itself, generic
/// over any State and Action, needs none.
@MainActor
@usableFromInline
struct TraceSupport<State, Action: Sendable> {
  /// A trace of one run, written through `write`.
  let makeTrace: (_ header: TraceSessionHeader, _ write: @escaping @Sendable ([UInt8]) -> Void) -> TraceSession<State, Action>
  /// The app as the inspector sees it, its screens drawn by an app `makeFrame` makes from a
  /// trace's arguments.
  let inspectedApp: (
    _ name: String, _ version: String,
    _ makeFrame: @escaping ([String]) throws -> (State, TerminalSize) -> Canvas
  ) -> InspectedApp

  /// The support for an app whose `State` and `Action` are `Codable`, made where they are known
  /// (the command's initializers are inlinable).
  @inlinable
  static func codable() -> TraceSupport
  where State: Codable & Sendable, Action: Codable & Sendable {
    codable(recording: { recorder in
      RecorderCalls(
        reduced: { action, state in recorder.reduced(consume action, state: consume state) },
        willSend: { action in recorder.willSend(action) },
        record: { event in recorder.record(event) })
    })
  }

  /// The support for an app whose `State` and `Action` are `Codable`, handing each action and
  /// input to the recorder through the calls `recording` makes for it: closures ``codable()``
  /// writes, inlinable, so that they are compiled where the app's types are known and the
  /// recorder's inlinable code with them. Made here, generic, the recorder's code ran
  /// unspecialized, looking up the metadata of its generic types at every action.
  @usableFromInline
  static func codable(
    recording: @escaping (TraceRecorder<State, Action>) -> RecorderCalls<State, Action>
  ) -> TraceSupport
  where State: Codable & Sendable, Action: Codable & Sendable {
    TraceSupport(
      makeTrace: { header, write in
        let trace = AppTrace<State, Action>(
          recorder: TraceRecorder(
            app: header.app, appVersion: header.version, arguments: header.arguments, size: header.size,
            elapsed: TraceRecorder<State, Action>.elapsedTime(on: header.clock), write: write),
          recording: recording)
        return TraceSession(
          actionTrace: trace, hasReducer: { trace.hasReducer }, observing: { trace.observing($0) },
          travelling: { app in
            let travel = LiveTravel(recorder: trace.recorder)
            return (travel.holding(app), { travel.handle($0) }, { travel.detached() })
          },
          finish: { trace.recorder.finishWriting() })
      },
      inspectedApp: { name, version, makeFrame in
        InspectedApp(name: name, version: version, state: State.self, action: Action.self, frame: makeFrame)
      })
  }
}

/// What a trace's header says of the run, before its first state.
struct TraceSessionHeader {
  var app: String
  var version: String
  /// The arguments that rebuild the app's options in a replay.
  var arguments: [String]
  var size: TerminalSize
  var clock: any Clock<Duration>
}

/// One run's trace, whatever the app's types: the launch's ``ActionTrace``, and what the command
/// does with the app once it is made and once it has ended.
@MainActor
struct TraceSession<State, Action: Sendable> {
  let actionTrace: any ActionTrace
  /// Whether the app's store was made through the launch, so that its actions reach the trace.
  let hasReducer: () -> Bool
  /// The app with its input recorded.
  let observing: (TerminalApp<State, Action>) -> TerminalApp<State, Action>
  /// The app ready for live time travel (see ``LiveTravel``), and what to do with the
  /// inspector's commands (answering why one was refused) and with its going away.
  let travelling: (TerminalApp<State, Action>) -> (
    app: TerminalApp<State, Action>, handle: @MainActor @Sendable (LiveCommand) -> String?,
    detached: @MainActor @Sendable () -> Void
  )
  /// Returns once every line is written.
  let finish: () -> Void
}
