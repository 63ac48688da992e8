import TideTerminal

/// A terminal that records every call the renderer makes, so tests can count writes exactly.
final class RecordingTerminal: Terminal {
  struct Put: Equatable {
    var cell: Cell
    var column: Int
    var row: Int
  }

  var size: TerminalSize
  var puts: [Put] = []
  var clears = 0
  var flushes = 0

  init(columns: Int, rows: Int) {
    size = TerminalSize(columns: columns, rows: rows)
  }

  func clear() { clears += 1 }
  func flush() { flushes += 1 }
  func put(_ cell: Cell, atColumn column: Int, row: Int) {
    puts.append(Put(cell: cell, column: column, row: row))
  }
}
