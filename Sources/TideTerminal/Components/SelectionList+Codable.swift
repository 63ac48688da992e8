/// A list is saved as its items, query, selection, window and height, and restored with the
/// filter's matches rebuilt: for an app whose state is written to a trace or a file.
extension SelectionList.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case items, query, isFiltering, cursor, top, height, showsStatus
  }

  /// Restores a list as it was encoded; a selection or window out of range is brought back
  /// into it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      restoring: try container.decode([SelectionList.Item].self, forKey: .items),
      query: try container.decode(TextInput.State.self, forKey: .query),
      isFiltering: try container.decode(Bool.self, forKey: .isFiltering),
      cursor: try container.decode(Int.self, forKey: .cursor),
      top: try container.decode(Int.self, forKey: .top),
      height: max(0, try container.decode(Int.self, forKey: .height)),
      showsStatus: try container.decode(Bool.self, forKey: .showsStatus))
  }

  /// Encodes what two equal lists share; what is derived from the items and the query is not
  /// written.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(query, forKey: .query)
    try container.encode(isFiltering, forKey: .isFiltering)
    try container.encode(cursor, forKey: .cursor)
    try container.encode(top, forKey: .top)
    try container.encode(height, forKey: .height)
    try container.encode(showsStatus, forKey: .showsStatus)
  }
}
