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
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}
