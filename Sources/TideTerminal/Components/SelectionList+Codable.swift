/// A list is saved as the ids of its rows, their titles as the filter folded them, the query,
/// the selection, the window, the height, the empty-state text and the status note (a list inside another
/// component, a form's select, has no app to set it again), and restored with the filter's matches rebuilt: for
/// an app whose state is written to a trace or a file. The rows themselves are the app's, saved
/// with the rest of its state.
extension SelectionList.State: Codable where Row.ID: Codable {
  private enum CodingKeys: String, CodingKey {
    case ids, folded, showsDescriptions, query, isFiltering, cursor, top, height, showsStatus, emptyText, statusNote
  }

  /// Restores a list as it was encoded; a selection or window out of range is brought back
  /// into it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let ids = try container.decode([Row.ID].self, forKey: .ids)
    let folded = try container.decode([String].self, forKey: .folded)
    guard folded.count == ids.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .folded, in: container, debugDescription: "\(folded.count) titles for \(ids.count) rows")
    }
    self.init(
      restoring: ids, folded: FilterIndex(folded: folded),
      showsDescriptions: try container.decode(Bool.self, forKey: .showsDescriptions),
      query: try container.decode(TextInput.State.self, forKey: .query),
      isFiltering: try container.decode(Bool.self, forKey: .isFiltering),
      cursor: try container.decode(Int.self, forKey: .cursor),
      top: try container.decode(Int.self, forKey: .top),
      height: max(0, try container.decode(Int.self, forKey: .height)),
      showsStatus: try container.decode(Bool.self, forKey: .showsStatus))
    emptyText = try container.decodeIfPresent(String.self, forKey: .emptyText) ?? emptyText
    statusNote = try container.decodeIfPresent(String.self, forKey: .statusNote)
  }

  /// Encodes what two equal lists share; the filter's matches, derived from the titles and the
  /// query, are not written.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ids, forKey: .ids)
    try container.encode(foldedTitlesForEncoding, forKey: .folded)
    try container.encode(showsDescriptions, forKey: .showsDescriptions)
    try container.encode(query, forKey: .query)
    try container.encode(isFiltering, forKey: .isFiltering)
    try container.encode(cursor, forKey: .cursor)
    try container.encode(top, forKey: .top)
    try container.encode(height, forKey: .height)
    try container.encode(showsStatus, forKey: .showsStatus)
    try container.encode(emptyText, forKey: .emptyText)
    try container.encodeIfPresent(statusNote, forKey: .statusNote)
  }
}

/// A list's titles as the filter folded them, encoded as the list of them (`[String]`'s own
/// encoding), made only when encoded: see ``SelectionList/State/foldedTitlesForEncoding``.
struct FoldedTitles: Encodable, Sendable {
  var folded: FilterIndex?
  var foldLater: (@Sendable () -> FilterIndex)?

  func encode(to encoder: any Encoder) throws {
    try (folded ?? foldLater?() ?? FilterIndex(titles: [])).foldedTitles.encode(to: encoder)
  }
}
