import CustomDump
import Foundation

/// One traced action: what was sent, where, and how the state changed.
public struct TraceEvent: Sendable, Equatable, Codable {
  /// When the action was reduced (wall-clock time).
  public var time: Date
  /// The context label given to ``Reducer/traced(_:to:)``.
  public var label: String
  /// The action, dumped with swift-custom-dump.
  public var action: String
  /// The state diff in custom-dump format (`-` old, `+` new lines), or `nil` when the action
  /// changed nothing.
  public var diff: String?
}

/// Where traced actions go: a closure, standard error, or a file of JSON lines.
public struct Tracer: Sendable {
  /// Receives each event.
  public let emit: @Sendable (TraceEvent) -> Void

  /// A tracer that hands each event to `emit`.
  public init(_ emit: @escaping @Sendable (TraceEvent) -> Void) {
    self.emit = emit
  }

  /// Prints each action and its diff to standard error, readably.
  public static var standardError: Tracer {
    Tracer { event in
      var text = "[\(event.label)] \(event.action)\n"
      text += event.diff.map { $0 + "\n" } ?? "  (no state change)\n"
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  /// Appends one JSON object per action to `handle` (`{"time":…,"label":…,"action":…,"diff":…}`).
  public static func jsonLines(to handle: FileHandle) -> Tracer {
    jsonLines { handle.write($0) }
  }

  /// Hands `write` one JSON object per action, each a line ending in a newline
  /// (`{"time":…,"label":…,"action":…,"diff":…}`): for a destination that is not a
  /// `FileHandle`, such as a file descriptor an output-file policy opened.
  public static func jsonLines(writing write: @escaping @Sendable (Data) -> Void) -> Tracer {
    Tracer { event in
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      encoder.outputFormatting = [.sortedKeys]
      guard var line = try? encoder.encode(event) else { return }
      line.append(UInt8(ascii: "\n"))
      write(line)
    }
  }

  /// Appends JSON lines to the file at `path`, creating it if needed.
  public static func jsonLines(appendingTo path: String) throws -> Tracer {
    if !FileManager.default.fileExists(atPath: path) {
      guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    return jsonLines(to: handle)
  }
}

extension Reducer {
  /// Reports every action this reducer handles to `tracer`, with `label` and the state diff.
  ///
  /// Tracing keeps a copy of the state per action to diff against, so it is opt-in.
  public func traced(_ label: String = "", to tracer: Tracer) -> TracedReducer<Self> {
    TracedReducer(base: self, label: label, tracer: tracer)
  }
}

/// A reducer that reports each action and state diff; made by ``Reducer/traced(_:to:)``.
public struct TracedReducer<Base: Reducer>: Reducer {
  let base: Base
  let label: String
  let tracer: Tracer

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    tracer.emit(TraceEvent(
      time: Date(), label: label, action: String(customDumping: action), diff: diff(before, state)))
    return effect
  }
}

/// A traced `Sendable` reducer is `Sendable`, so `Reduce(feature.traced(to: tracer))` compiles.
extension TracedReducer: Sendable where Base: Sendable {}
