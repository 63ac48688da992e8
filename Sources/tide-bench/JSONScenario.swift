import TideJSON
import Foundation
import TideDemo
import TideTrace

/// `json-100k`: Tide's JSON layer against Foundation's on the same work, in turns.
///
/// - todo-read / todo-write: the todo file of 100,000 todos (as `todos-100k` writes it) read
///   and written by tide-demo's reader and writer, against `JSONDecoder` / `JSONEncoder`
///   (pretty-printed, sorted keys: the same layout) on a plain `Codable` mirror of the file;
///   `JSONSerialization` (untyped) is given in the note;
/// - trace-read: every line of the trace of a 100,000-key replay parsed into a tree, against
///   `JSONSerialization` on the same lines; the note gives the check the trace index makes of
///   every line (no tree built).
///
/// - state-read: a state of 100,000 items (as tide-list's inspector reads one at each jump)
///   parsed and decoded by the inspector's reader and `JSONValueDecoder`, checking for unknown
///   members as the inspector does, against `JSONDecoder` on the same text; the note gives the
///   decoding alone.
///
/// Figures are per todo, per line and per item; the notes give whole-file milliseconds.
@MainActor
func jsonScenario(rounds: Int) async throws -> [Measurement] {
  struct PlainFile: Codable { var todos: [Todo]; var version: Int }
  let todos = (1...100_000).map { Todo(id: $0, title: "Todo number \($0): something to do", isDone: $0 % 3 == 0) }
  let file = TodoFile(todos: todos).encoded()
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]

  var readTide: [Double] = [], readFoundation: [Double] = [], readSerialization: [Double] = []
  var writeTide: [Double] = [], writeFoundation: [Double] = [], writeSerialization: [Double] = []
  var sink = 0
  for _ in 0..<rounds {
    readTide.append(seconds { sink &+= (try? TodoFile.decode(file))?.todos.count ?? -1 })
    readFoundation.append(seconds { sink &+= (try? JSONDecoder().decode(PlainFile.self, from: file))?.todos.count ?? -1 })
    readSerialization.append(seconds {
      sink &+= ((try? JSONSerialization.jsonObject(with: file)) as? [String: Any])?.count ?? -1
    })
    writeTide.append(seconds { sink &+= TodoFile(todos: todos).encoded().count })
    writeFoundation.append(seconds { sink &+= (try? encoder.encode(PlainFile(todos: todos, version: 1)))?.count ?? -1 })
    writeSerialization.append(seconds {
      let object: [String: Any] = [
        "version": 1, "todos": todos.map { ["id": $0.id, "title": $0.title, "isDone": $0.isDone] as [String: Any] },
      ]
      sink &+= (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))?.count ?? -1
    })
  }

  struct Item: Codable { var id: Int; var title: String; var isChosen: Bool }
  struct ListState: Codable { var items: [Item]; var cursor: Int; var filter: String }
  let list = ListState(
    items: (1...100_000).map { Item(id: $0, title: "Item \($0)", isChosen: $0 % 7 == 0) }, cursor: 99_999, filter: "")
  let listText = try JSONEncoder().encode(list)
  let listJSON = try listText.withUnsafeBytes { try JSONParser.parse($0) }
  var stateTide: [Double] = [], stateDecode: [Double] = [], stateFoundation: [Double] = []
  for _ in 0..<rounds {
    stateTide.append(seconds {
      sink &+= listText.withUnsafeBytes { bytes in
        (try? JSONParser.parse(bytes)).flatMap { try? JSONValueDecoder.decode(ListState.self, from: $0, rejectingUnknownMembers: true) }?.items.count ?? -1
      }
    })
    stateDecode.append(seconds {
      sink &+= (try? JSONValueDecoder.decode(ListState.self, from: listJSON, rejectingUnknownMembers: true))?.items.count ?? -1
    })
    stateFoundation.append(seconds { sink &+= (try? JSONDecoder().decode(ListState.self, from: listText))?.items.count ?? -1 })
  }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-json-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let script = folder.appendingPathComponent("long.keys").path
  try LongSessionScript.text(keys: 100_000).write(toFile: script, atomically: true, encoding: .utf8)
  let trace = folder.appendingPathComponent("long.trace").path
  let status = await DemoCommand.command.run(["replay", script, "--trace", trace], output: { _ in }, errors: { print($0) })
  guard status == 0 else { throw ProcessFailure(message: "tide-demo replay exited with status \(status)") }
  let lines = try Data(contentsOf: URL(fileURLWithPath: trace)).split(separator: UInt8(ascii: "\n")).map { Array($0) }
  let lineData = lines.map { Data($0) }
  var traceTide: [Double] = [], traceCheck: [Double] = [], traceSerialization: [Double] = []
  for _ in 0..<rounds {
    traceTide.append(seconds {
      for line in lines { line.withUnsafeBytes { sink &+= (try? JSONParser.parse($0)) == nil ? 1 : 0 } }
    })
    traceCheck.append(seconds {
      for line in lines { line.withUnsafeBytes { sink &+= (try? JSONParser.check($0)) == nil ? 1 : 0 } }
    })
    traceSerialization.append(seconds {
      for line in lineData { sink &+= (try? JSONSerialization.jsonObject(with: line)) == nil ? 1 : 0 }
    })
  }
  precondition(sink != 42, "keeps the work")

  func milliseconds(_ values: [Double]) -> String { String(format: "%.1f ms", median(values) * 1000) }
  func per(_ values: [Double], _ count: Int) -> Double { median(values) * 1e9 / Double(count) }
  var read = Measurement(name: "json-100k todo-read", tide: per(readTide, todos.count), baseline: per(readFoundation, todos.count))
  read.note = "file of \(file.count) bytes: Tide \(milliseconds(readTide)), JSONDecoder \(milliseconds(readFoundation)), JSONSerialization \(milliseconds(readSerialization))"
  var write = Measurement(name: "json-100k todo-write", tide: per(writeTide, todos.count), baseline: per(writeFoundation, todos.count))
  write.note = "Tide \(milliseconds(writeTide)), JSONEncoder \(milliseconds(writeFoundation)), JSONSerialization \(milliseconds(writeSerialization))"
  var traceRead = Measurement(name: "json-100k trace-read", tide: per(traceTide, lines.count), baseline: per(traceSerialization, lines.count))
  traceRead.note = "\(lines.count) lines: Tide's tree \(milliseconds(traceTide)), Tide's check \(milliseconds(traceCheck)), JSONSerialization \(milliseconds(traceSerialization))"
  var stateRead = Measurement(name: "json-100k state-read", tide: per(stateTide, list.items.count), baseline: per(stateFoundation, list.items.count))
  stateRead.note = "\(listText.count) bytes: Tide \(milliseconds(stateTide)) (of which decoding \(milliseconds(stateDecode))), JSONDecoder \(milliseconds(stateFoundation))"
  return [read, write, traceRead, stateRead]
}

/// The seconds `body` took.
@inline(__always)
private func seconds(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  return Double((ContinuousClock.now - start).attoseconds) / 1e18
}
