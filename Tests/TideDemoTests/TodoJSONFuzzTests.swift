import Foundation
import Testing
import TideTestSupport

@testable import TideDemo

/// The todo file reader against seeded random damage and Foundation's JSON parser: it never
/// crashes, accepts only what is JSON, and reads what Foundation reads.
@Suite("Todo file JSON, fuzzed")
struct TodoJSONFuzzTests {
  static let seeds: [String] = [
    String(decoding: TodoFile(todos: [
      Todo(id: 1, title: "buy milk"), Todo(id: -7, title: "quote \" tab \t é 🎉", isDone: true), Todo(id: Int.max, title: ""),
    ]).encoded(), as: UTF8.self),
    #"{"version":1,"todos":[{"id":1e0,"title":"\u00e9\n","isDone":false}],"x":{"a":[1,2.5,null,true]}}"#,
    #"{"todos":[],"version":1.0}"#,
  ]

  /// Pieces that reach the reader's corners: nesting, keys given twice, number forms, escapes.
  static let pieces: [String] = [
    "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u", "\\ud83c", "\\udf89", "0", "-", ".", "e", "E+", "1.0", "1e2",
    "9223372036854775807", "9223372036854775808", "-0", "true", "false", "null", " ", "\n", "\u{FEFF}",
    #""id":"#, #""title":"#, #""isDone":"#, #""todos":"#, #""version":"#, #""id":1,"#, #""title":"a","#,
    String(repeating: "[", count: 600), String(repeating: "{\"a\":", count: 520),
  ]

  enum Outcome { case read(TodoFile), refused(String) }

  /// One random change to `bytes`.
  static func mutate(_ bytes: inout [UInt8], using generator: inout SeededGenerator) {
    let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0 where position < bytes.count: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
    case 1 where position < bytes.count: bytes.remove(at: position)
    case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
    case 3:
      let length = min(bytes.count - min(position, bytes.count), Int.random(in: 1...16, using: &generator))
      bytes.insert(contentsOf: bytes[min(position, bytes.count)..<min(position, bytes.count) + length], at: position)
    default: bytes.insert(contentsOf: Array(pieces.randomElement(using: &generator)!.utf8), at: position)
    }
  }

  @Test func damagedFilesNeverCrashAndAreReadOnlyWhenFoundationReadsThemAlike() throws {
    var generator = SeededGenerator(seed: 0x7469_6465_6A73)
    var read = 0
    var refused = 0
    for round in 0..<20_000 {
      var bytes = Array(Self.seeds.randomElement(using: &generator)!.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &generator) { Self.mutate(&bytes, using: &generator) }
      let data = Data(bytes)
      let outcome: Outcome
      do {
        outcome = .read(try TodoFile.decode(data))
      } catch {
        outcome = .refused(error.reason)
      }
      let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      switch outcome {
      case .refused:
        refused += 1
      case .read(let file):
        read += 1
        // What the reader accepts is JSON, and Foundation sees the same todos in it (unless a
        // key is given twice: Foundation keeps the last, the reader the first and opens read-only).
        let object = try #require(foundation as? [String: Any], "round \(round): read what Foundation refuses: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        guard file.duplicateKeys.isEmpty else { continue }
        let todos = try #require(object["todos"] as? [[String: Any]], "round \(round)")
        #expect(todos.count == file.todos.count, "round \(round)")
        for (todo, fromFoundation) in zip(file.todos, todos) {
          // Foundation drops a U+FEFF that starts a string; the reader keeps every character.
          var title = todo.title.unicodeScalars
          if title.first == "\u{FEFF}" { title.removeFirst() }
          #expect(fromFoundation["title"] as? String == String(title), "round \(round)")
          #expect(fromFoundation["isDone"] as? Bool == todo.isDone, "round \(round)")
          // Foundation reads 1e2 as a Double; the reader as the integer it is.
          let id = fromFoundation["id"] as? NSNumber
          #expect(id.map { $0.doubleValue == Double(todo.id) } == true, "round \(round): \(String(describing: id)) vs \(todo.id)")
        }
        // What it read, it writes back so that it reads the same.
        let again = try TodoFile.decode(file.encoded())
        #expect(again.todos == file.todos && again.version == file.version, "round \(round)")
      }
    }
    // Both outcomes happen often, or the damage tests little.
    #expect(read > 500 && refused > 10_000, "read \(read), refused \(refused)")
  }
}
