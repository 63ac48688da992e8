// FoundationEssentials, not Foundation: full Foundation (with CoreFoundation and ICU, about
// 5 MiB of an app's resident memory) would be linked into every app that uses Tide.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One traced action: what was sent, where, and how the state changed.
public struct TraceEvent: Sendable, Equatable, Codable {
  /// When the action was reduced (wall-clock time).
  public var time: Date
  /// The context label given to ``Reducer/traced(_:to:)``.
  public var label: String
  /// The action, written as swift-custom-dump writes it (`Feature.Action.rename("Notes")`).
  public var action: String
  /// The state diff in swift-custom-dump's format (`-` old, `+` new lines, shared lines far from
  /// a change folded into `… (N unchanged)`), or `nil` when the action changed nothing.
  public var diff: String?
}

/// Where traced actions go: a closure, or standard error.
///
/// A trace to a file is TideTrace's (trace format v1, which `APP inspect` reads): one format,
/// written by every app on `TerminalCommand` with `--trace`, or by its `TraceRecorder`.
public struct Tracer: Sendable {
  /// Receives each event.
  public let emit: @Sendable (TraceEvent) -> Void

  /// A tracer that hands each event to `emit`.
  public init(_ emit: @escaping @Sendable (TraceEvent) -> Void) {
    self.emit = emit
  }

  /// Prints each action and its diff to standard error, readably.
  public static var standardError: Tracer {
    let standardError = FileDescriptorSink(descriptor: 2, closesOnDeinit: false)
    return Tracer { event in
      var text = "[\(event.label)] \(event.action)\n"
      text += event.diff.map { $0 + "\n" } ?? "  (no state change)\n"
      standardError.write(Array(text.utf8))
    }
  }
}

/// A file descriptor a tracer writes whole lines to; closed with the last tracer using it.
private final class FileDescriptorSink: Sendable {
  let descriptor: Int32
  let closesOnDeinit: Bool

  init(descriptor: Int32, closesOnDeinit: Bool) {
    self.descriptor = descriptor
    self.closesOnDeinit = closesOnDeinit
  }

  deinit {
    if closesOnDeinit { close(descriptor) }
  }

  /// Writes all of `bytes` (`writeWhole(_:to:)`).
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { writeWhole($0, to: descriptor) }
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
public struct TracedReducer<Base: Reducer>: WrappingReducer {
  /// The reducer traced.
  public let base: Base
  let label: String
  let tracer: Tracer

  /// Reduces `action` into `state` with the base, reporting both.
  public func run(
    _ state: inout Base.State, _ action: Base.Action, base: (inout Base.State, Base.Action) -> Effect<Base.Action>
  ) -> Effect<Base.Action> {
    let before = state
    let effect = base(&state, action)
    tracer.emit(TraceEvent(
      time: Date(), label: label, action: ValueDump.text(of: action), diff: DumpDiff.text(from: before, to: state)))
    return effect
  }
}

/// A traced `Sendable` reducer is `Sendable`, so `Reduce(feature.traced(to: tracer))` compiles.
extension TracedReducer: Sendable where Base: Sendable {}
