/// A one-shot value to present — an alert, a toast, a navigation request — that observers see
/// on every assignment, even when the new value equals the old one.
///
/// Plain `Equatable` de-duplication would swallow a second identical alert; `Presented` counts
/// assignments, so `store.observe(\.$alert)` fires exactly once per assignment.
///
/// ```swift
/// struct State: Equatable {
///   @Presented var alert: String?
/// }
/// store.observe(\.$alert) { presentation in
///   if let message = presentation.wrappedValue { show(message) }
/// }
/// ```
@propertyWrapper
public struct Presented<Value> {
  /// The value being presented, or `nil` when nothing is.
  public var wrappedValue: Value? {
    didSet { revision &+= 1 }
  }

  /// How many times the value has been assigned: what makes two equal values differ.
  public private(set) var revision: UInt64 = 0

  /// Creates a presentation holding `wrappedValue`.
  public init(wrappedValue: Value? = nil) {
    self.wrappedValue = wrappedValue
  }

  /// The presentation itself, with its revision, to observe every assignment.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension Presented: Equatable where Value: Equatable {}
extension Presented: Hashable where Value: Hashable {}
extension Presented: Sendable where Value: Sendable {}

// `CustomReflectable`, the standard library's, rather than swift-custom-dump's
// `CustomDumpReflectable`: Tide links no swift-custom-dump (it would bring full Foundation into
// every app), and swift-custom-dump honours this mirror too, so `TestStore`'s diffs, the
// `Tracer` and `dump` all show the same two children.
extension Presented: CustomReflectable {
  /// Reflects as the presented value and its revision, so diffs name the assignment.
  public var customMirror: Mirror {
    Mirror(self, children: ["wrappedValue": wrappedValue as Any, "revision": revision], displayStyle: .struct)
  }
}

extension Presented: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case value, revision
  }

  /// Restores a presentation with its value and revision, so a decoded state equals the one
  /// encoded (`==` compares revisions).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    wrappedValue = try container.decodeIfPresent(Value.self, forKey: .value)
    revision = try container.decode(UInt64.self, forKey: .revision)
  }

  /// Encodes the value (`null` when nothing is presented) and the revision.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(wrappedValue, forKey: .value)
    try container.encode(revision, forKey: .revision)
  }
}
