/// The coding-path key of an array element, as Foundation's JSON coders name it ("Index 3"),
/// shared by the trace's JSON value encoder and decoder so their errors read alike.
struct JSONIndexKey: CodingKey {
  var stringValue: String { "Index \(intValue ?? 0)" }
  var intValue: Int?
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
