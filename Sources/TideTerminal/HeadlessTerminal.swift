/// An in-memory terminal for tests and replays: keys come from a queue and the screen is a grid
/// that can be printed as plain text.
///
/// Like a real terminal, puts are staged and become visible on ``flush()``, so a renderer that
/// forgets to flush is caught. Use it from one thread (or actor) at a time.
public final class HeadlessTerminal: Terminal {
  /// The current size.
  public private(set) var size: TerminalSize
  /// How many times ``flush()`` was called.
  public private(set) var flushCount = 0
  private var staged: Canvas
  private var visible: Canvas
  private var pendingKeys: [Key] = []
  private var nextKeyIndex = 0

  /// A blank terminal of `columns` × `rows` (80×24 unless given).
  public init(columns: Int = 80, rows: Int = 24) {
    size = TerminalSize(columns: columns, rows: rows)
    staged = Canvas(columns: columns, rows: rows)
    visible = staged
  }

  /// Nothing to take over in memory.
  public func begin() {}

  /// Nothing to give back in memory.
  public func restore() {}

  /// Changes the size, blanks the screen as a real resize garbles it, and queues a ``Key/resize``
  /// key so a program reading keys learns about it the same way it would from ncurses.
  public func resize(columns: Int, rows: Int) {
    size = TerminalSize(columns: columns, rows: rows)
    staged = Canvas(columns: columns, rows: rows)
    visible = staged
    send(.resize)
  }

  /// Queues keys for ``readKey(timeout:)``, as if typed.
  public func send(_ keys: Key...) {
    pendingKeys.append(contentsOf: keys)
  }

  /// Queues keys for ``readKey(timeout:)``, as if typed.
  public func send(contentsOf keys: some Sequence<Key>) {
    pendingKeys.append(contentsOf: keys)
  }

  /// The next queued key, or `nil` at once when the queue is empty, whatever the timeout.
  public func readKey(timeout: Duration?) -> Key? {
    guard nextKeyIndex < pendingKeys.count else { return nil }
    let key = pendingKeys[nextKeyIndex]
    nextKeyIndex += 1
    if nextKeyIndex == pendingKeys.count {
      pendingKeys.removeAll(keepingCapacity: true)
      nextKeyIndex = 0
    }
    return key
  }

  /// Blanks the staged screen.
  public func clear() {
    staged.clear()
  }

  /// Stages `cell` at `column`, `row`; positions outside the screen are ignored.
  public func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard !cell.isContinuation else { return }
    staged.put(cell, atColumn: column, row: row)
  }

  /// Shows everything staged since the last flush.
  public func flush() {
    visible = staged
    flushCount += 1
  }

  /// The visible cell at `column`, `row`.
  public func cell(atColumn column: Int, row: Int) -> Cell {
    visible[column, row]
  }

  /// The visible screen as text: rows joined with "\n", each without trailing spaces.
  public func screenText() -> String {
    visible.text()
  }
}
