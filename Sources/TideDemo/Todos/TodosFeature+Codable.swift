import TideTerminal

/// The list is encoded as what the user made — the todos, selection, filter, input line,
/// deletions for undo, the id counter, why it is read-only — plus the list's scroll window,
/// which depends on how the selection moved. What follows from those (the count of active
/// todos, the list's items) is rebuilt on decoding, so a trace holds each fact once.
extension TodosFeature.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case todos, selection, filter, editor, deletions, ids, readOnly, isReadOnlyNoticeShown
    case listTop, listHeight
  }

  /// Restores a list encoded by ``encode(to:)``.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      todos: try container.decode([Todo].self, forKey: .todos),
      readOnly: try container.decodeIfPresent(ReadOnlyReason.self, forKey: .readOnly))
    selection = try container.decodeIfPresent(Int.self, forKey: .selection)
    filter = try container.decode(TodosFeature.Filter.self, forKey: .filter)
    editor = try container.decodeIfPresent(TodosFeature.Editor.self, forKey: .editor)
    deletions = try container.decode([TodosFeature.Deletion].self, forKey: .deletions)
    ids = try container.decode(TodoIDs.self, forKey: .ids)
    isReadOnlyNoticeShown = try container.decode(Bool.self, forKey: .isReadOnlyNoticeShown)
    list.height = try container.decode(Int.self, forKey: .listHeight)
    syncList()
    list.top = try container.decode(Int.self, forKey: .listTop)
  }

  /// Encodes what the user made and the list's scroll window.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(todos.elements, forKey: .todos)
    try container.encode(selection, forKey: .selection)
    try container.encode(filter, forKey: .filter)
    try container.encode(editor, forKey: .editor)
    try container.encode(deletions, forKey: .deletions)
    try container.encode(ids, forKey: .ids)
    try container.encode(readOnly, forKey: .readOnly)
    try container.encode(isReadOnlyNoticeShown, forKey: .isReadOnlyNoticeShown)
    try container.encode(list.top, forKey: .listTop)
    try container.encode(list.height, forKey: .listHeight)
  }
}
