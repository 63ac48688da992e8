/// What the differ needs to know of a part's type, worked out once for each type a diff meets
/// (``DiffContext/type(of:)``): asking for each changed part whether its type is a list or a
/// plain value would take a conformance lookup each time.
struct PartType {
  /// The bytes that hold a value of the type.
  let bytes: ValueBytes
  /// The type as an `Array` of `Encodable` elements, diffed element by element.
  let list: (any EncodableArray.Type)?
  /// Whether a value may be a plain JSON value (`primitiveJSON`): a number, text, `Bool`, or an
  /// optional, which may hold one.
  let mayBePlain: Bool

  init<Value: Encodable>(of type: Value.Type) {
    bytes = ValueBytes(of: type)
    list = type as? any EncodableArray.Type
    mayBePlain = isPlainType(type)
  }
}
