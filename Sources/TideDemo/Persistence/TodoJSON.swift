import TideJSON

/// Reads and writes the todo file's JSON with the package's one JSON reader and writer
/// (TideJSON), field by field: no tree and no `Codable` in between.
///
/// Foundation's `JSONDecoder` and `JSONEncoder` take several times as long for 100,000 todos
/// (docs/Measurements.md, `tide-bench json-100k`), and cannot say which field is wrong, report
/// a key given twice or read `1e2` as the integer it is. The reader accepts any valid JSON
/// (RFC 8259): fields it does not know are skipped whatever their value and reported by name,
/// so the file can be opened read-only instead of being silently trimmed.
package enum TodoJSON {
  /// Why bytes are not a todo file, in plain English.
  package struct Failure: Error, Equatable {
    package var reason: String
  }

  // MARK: - Writing

  /// The file as pretty-printed JSON with sorted keys (the layout earlier versions wrote).
  static func encode(_ file: TodoFile) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(64 + file.todos.count * 96)
    out.append(contentsOf: "{\n  \"todos\" : [".utf8)
    for (index, todo) in file.todos.enumerated() {
      out.append(contentsOf: (index == 0 ? "\n    {\n      \"id\" : " : ",\n    {\n      \"id\" : ").utf8)
      out.append(contentsOf: String(todo.id).utf8)
      out.append(contentsOf: (todo.isDone ? ",\n      \"isDone\" : true" : ",\n      \"isDone\" : false").utf8)
      out.append(contentsOf: ",\n      \"title\" : ".utf8)
      JSONValue.writeString(todo.title, to: &out)
      out.append(contentsOf: "\n    }".utf8)
    }
    out.append(contentsOf: (file.todos.isEmpty ? "\n\n  ],\n  \"version\" : " : "\n  ],\n  \"version\" : ").utf8)
    out.append(contentsOf: String(file.version).utf8)
    out.append(contentsOf: "\n}".utf8)
    return out
  }

  // MARK: - Reading

  /// Decodes a todo file from `bytes`.
  static func decode(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> TodoFile {
    var reader = Reader(json: JSONReader(bytes))
    // A UTF-8 byte order mark is allowed before the JSON.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.json.position = 3 }
    do {
      return try reader.file()
    } catch {
      throw Failure(error, in: reader.json)
    }
  }

  private struct Reader {
    var json: JSONReader
    /// Keys that occur twice in one object, first few only, as paths (`todos`, `todos[3].title`).
    var duplicateKeys: [String] = []

    mutating func file() throws(JSONReader.Failure) -> TodoFile {
      var version: Int?
      var todos: [Todo]?
      var unknown: [String] = []
      var seen = Set<String>()
      try enterObject(wrongType: "the file is not a JSON object")
      var count = 0
      while let key = try json.nextKey(after: count) {
        count += 1
        if !seen.insert(key).inserted { noteDuplicate(key) }
        switch key {
        case "version":
          let value = try integer(at: "version")
          if version == nil { version = value }
        case "todos":
          let list = try todoList(unknown: &unknown)
          if todos == nil { todos = list }
        default:
          unknown.append(key)
          try skipValue(in: key)
        }
      }
      try json.end()
      guard let version else { throw unwanted("version is missing") }
      guard let todos else { throw unwanted("todos is missing") }
      var file = TodoFile(version: version, todos: todos)
      file.unknownFields = Array(unknown.prefix(5))
      file.duplicateKeys = duplicateKeys
      return file
    }

    mutating func noteDuplicate(_ path: String) {
      if duplicateKeys.count < 5 { duplicateKeys.append(path) }
    }

    func unwanted(_ reason: String) -> JSONReader.Failure {
      json.failure(.unwanted(reason))
    }

    mutating func todoList(unknown: inout [String]) throws(JSONReader.Failure) -> [Todo] {
      json.skipSpaces()
      guard json.peek == UInt8(ascii: "[") else {
        try skipValue(in: "todos")
        throw unwanted("todos has the wrong type")
      }
      try json.enterArray()
      var todos: [Todo] = []
      while try json.nextElement(after: todos.count) {
        let index = todos.count
        var id: Int?
        var title: String?
        var isDone: Bool?
        // Empty until an unknown key is met, so a plain todo allocates nothing for it.
        var otherKeys = Set<String>()
        try enterObject(wrongType: "todos[\(index)] has the wrong type")
        var count = 0
        while let key = try json.nextKey(after: count) {
          count += 1
          switch key {
          case "id":
            let value = try integer(at: "todos[\(index)].id")
            if id == nil { id = value } else { noteDuplicate("todos[\(index)].id") }
          case "title":
            let value = try string(at: "todos[\(index)].title")
            if title == nil { title = value } else { noteDuplicate("todos[\(index)].title") }
          case "isDone":
            let value = try boolean(at: "todos[\(index)].isDone")
            if isDone == nil { isDone = value } else { noteDuplicate("todos[\(index)].isDone") }
          default:
            if !otherKeys.insert(key).inserted { noteDuplicate("todos[\(index)].\(key)") }
            if unknown.count < 5 { unknown.append("todos[\(index)].\(key)") }
            try skipValue(in: "todos[\(index)].\(key)")
          }
        }
        guard let id else { throw unwanted("todos[\(index)].id is missing") }
        guard let title else { throw unwanted("todos[\(index)].title is missing") }
        guard let isDone else { throw unwanted("todos[\(index)].isDone is missing") }
        todos.append(Todo(id: id, title: title, isDone: isDone))
      }
      return todos
    }

    /// Enters the object at the position; another value there is of the wrong type.
    mutating func enterObject(wrongType: @autoclosure () -> String) throws(JSONReader.Failure) {
      json.skipSpaces()
      if json.peek != UInt8(ascii: "{"), json.startsValue { throw unwanted(wrongType()) }
      try json.enterObject()
    }

    /// A whole number: written as one (`12`, `-3`) or in any other form JSON has for it
    /// (`1.0`, `1e2`, `-0.0`); a fraction or a number beyond `Int` says so.
    mutating func integer(at name: String) throws(JSONReader.Failure) -> Int {
      json.skipSpaces()
      guard json.peek == UInt8(ascii: "-") || (json.peek.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false) else {
        try skipValue(in: name)
        throw unwanted("\(name) has the wrong type")
      }
      switch try json.integer() {
      case .value(let value): return value
      case .fraction: throw unwanted("\(name) is not a whole number")
      case .tooLarge: throw unwanted("\(name) is too large")
      }
    }

    mutating func boolean(at name: String) throws(JSONReader.Failure) -> Bool {
      json.skipSpaces()
      if let value = json.bool() { return value }
      try skipValue(in: name)
      throw unwanted("\(name) has the wrong type")
    }

    mutating func string(at name: String) throws(JSONReader.Failure) -> String {
      json.skipSpaces()
      guard json.peek == UInt8(ascii: "\"") else {
        try skipValue(in: name)
        throw unwanted("\(name) has the wrong type")
      }
      return try json.string()
    }

    /// Skips the value of the field `name`, checking its syntax and depth and noting the keys
    /// its objects hold twice (`name…key`).
    mutating func skipValue(in name: String) throws(JSONReader.Failure) {
      json.skipSpaces()
      var twice: [String] = []
      defer { for key in twice { noteDuplicate("\(name)…\(key)") } }
      try json.skipValue { twice.append($0) }
    }
  }
}

extension TodoJSON.Failure {
  /// What `error` of `reader` means for a todo file: the caller's reason, or what is wrong with
  /// the JSON and where (`line L, column C`).
  init(_ error: JSONReader.Failure, in reader: JSONReader) {
    let (line, column) = reader.place(of: error.offset)
    let place = "line \(line), column \(column)"
    switch error.kind {
    case .unwanted(let reason): self.init(reason: reason)
    case .tooDeep: self.init(reason: "it nests deeper than \(JSONReader.maximumDepth) levels (\(place))")
    case .invalidUTF8: self.init(reason: "it holds text that is not valid UTF-8")
    case .unpairedSurrogate: self.init(reason: "it holds a broken \\u escape (a lone surrogate)")
    default: self.init(reason: "it is not valid JSON (\(place))")
    }
  }
}
