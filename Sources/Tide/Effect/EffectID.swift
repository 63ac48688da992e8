/// A type-erased, sendable cancellation identifier.
@usableFromInline
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    // Two ids of one type compare with that type's `==`, which is what `AnyHashable` does for
    // them after boxing both: a timer's end compares its id once, and the boxing was most of
    // it. Ids of different types still compare as `AnyHashable` does (`1` and `1 as Int8`).
    if type(of: lhs.base) == type(of: rhs.base) { return Self.equals(lhs.base, rhs.base) }
    return AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  private static func equals<Base: Hashable>(_ lhs: Base, _ rhs: any Hashable & Sendable) -> Bool {
    guard let rhs = rhs as? Base else { return false }
    return lhs == rhs
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}
