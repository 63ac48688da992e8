/// The terminal's colour pairs, allocated on demand and recycled, so that an app may show any
/// number of distinct foreground/background combinations over its life.
///
/// ncurses draws a cell's colours as a numbered pair, and a terminal has a fixed number of them
/// (`COLOR_PAIRS`: 64 to 65,536). A pair is given to a combination the first time it is drawn and
/// kept for it while any cell on screen uses it; once none does, it may be given to another
/// combination — the one least recently used first. Redefining a pair that cells on screen still
/// use would repaint them in the new colours, so that never happens: with every pair on screen
/// (more combinations at once than the terminal has pairs) a new combination gets no pair and is
/// drawn in the default colours until one frees up.
///
/// Pure bookkeeping, so it is tested without a terminal: ``CursesTerminal`` asks it for a pair,
/// defines the pair with ncurses when told to, and tells it which pair each cell shows.
struct ColorPairs {
  /// A foreground and background as ncurses colour numbers (-1: the terminal's default).
  struct Colors: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// The highest pair number that may be used; pair 0 is the default colours, never given out.
  let capacity: Int32
  private var pairs: [Colors: Int32] = [:]
  // The arrays below are indexed by pair and hold the pairs given out so far (0..<next): they
  // grow as pairs are first given, never to `capacity` up front — a 256-colour terminal has
  // 65,536 pairs, whose bookkeeping written in full was 1.9 MiB of every app's resident memory
  // for the handful of pairs an app shows.
  private var colorsOfPair: [Colors?]
  /// How many cells on screen show each pair.
  private var cellCounts: [Int]
  /// Pairs no cell shows, least recently released first: a list threaded through two arrays
  /// (`idleNext[pair]`, `idlePrevious[pair]`; 0 ends it), so that taking the oldest, adding one
  /// and removing one are each a few array writes, however many pairs the terminal has.
  private var idleNext: [Int32]
  private var idlePrevious: [Int32]
  private var isIdle: [Bool]
  private var idleHead: Int32 = 0
  private var idleTail: Int32 = 0
  private var next: Int32 = 1
  /// The pair of each cell of the screen, row by row.
  private var screen: [Int32]
  private var columns: Int

  /// Bookkeeping for `capacity` pairs (pairs 1...capacity − 1) on a `columns` × `rows` screen.
  init(capacity: Int32, columns: Int, rows: Int) {
    self.capacity = max(1, capacity)
    colorsOfPair = [nil]
    cellCounts = [0]
    idleNext = [0]
    idlePrevious = [0]
    isIdle = [false]
    self.columns = max(0, columns)
    screen = Array(repeating: 0, count: self.columns * max(0, rows))
  }

  /// Puts `pair` at the end of the idle list (the most recently released).
  private mutating func appendIdle(_ pair: Int32) {
    guard !isIdle[Int(pair)] else { return }
    isIdle[Int(pair)] = true
    idlePrevious[Int(pair)] = idleTail
    idleNext[Int(pair)] = 0
    if idleTail != 0 { idleNext[Int(idleTail)] = pair } else { idleHead = pair }
    idleTail = pair
  }

  /// Takes `pair` out of the idle list.
  private mutating func removeIdle(_ pair: Int32) {
    guard isIdle[Int(pair)] else { return }
    isIdle[Int(pair)] = false
    let previous = idlePrevious[Int(pair)]
    let following = idleNext[Int(pair)]
    if previous != 0 { idleNext[Int(previous)] = following } else { idleHead = following }
    if following != 0 { idlePrevious[Int(following)] = previous } else { idleTail = previous }
  }

  /// The pair for `colors` and whether it must be (re)defined first; `nil` when every pair is
  /// on screen. Call ``show(_:atColumn:row:)`` with the pair once the cell is drawn.
  mutating func pair(for colors: Colors) -> (pair: Int32, isNew: Bool)? {
    if let pair = pairs[colors] { return (pair, false) }
    let pair: Int32
    if next < capacity {
      pair = next
      next += 1
      colorsOfPair.append(nil)
      cellCounts.append(0)
      idleNext.append(0)
      idlePrevious.append(0)
      isIdle.append(false)
    } else if idleHead != 0 {
      pair = idleHead
      removeIdle(pair)
      if let old = colorsOfPair[Int(pair)] { pairs[old] = nil }
    } else {
      return nil
    }
    pairs[colors] = pair
    colorsOfPair[Int(pair)] = colors
    // Idle until a cell shows it.
    appendIdle(pair)
    return (pair, true)
  }

  /// Records that the cell at `column`, `row` now shows `pair` (0 for the default colours).
  mutating func show(_ pair: Int32, atColumn column: Int, row: Int) {
    let index = row * columns + column
    guard column >= 0, column < columns, index >= 0, index < screen.count else { return }
    let old = screen[index]
    guard old != pair else { return }
    screen[index] = pair
    if old > 0 {
      cellCounts[Int(old)] -= 1
      if cellCounts[Int(old)] == 0 { appendIdle(old) }
    }
    if pair > 0 {
      if cellCounts[Int(pair)] == 0 { removeIdle(pair) }
      cellCounts[Int(pair)] += 1
    }
  }

  /// Every cell blank (a clear): every pair idle, their definitions kept for reuse.
  mutating func clearScreen() {
    for index in screen.indices where screen[index] > 0 {
      show(0, atColumn: index % columns, row: index / columns)
    }
  }

  /// A new screen size: the screen is blank, as after a resize.
  mutating func resize(columns: Int, rows: Int) {
    clearScreen()
    self.columns = max(0, columns)
    screen = Array(repeating: 0, count: self.columns * max(0, rows))
  }

  /// How many cells show `pair`, for tests.
  func cells(showing pair: Int32) -> Int {
    pair > 0 && pair < next ? cellCounts[Int(pair)] : 0
  }

  /// How many pairs the bookkeeping holds (pair 0 and each pair given out), for tests.
  var pairsHeld: Int { colorsOfPair.count }
}
