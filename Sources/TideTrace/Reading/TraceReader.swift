import Dispatch
import Synchronization
import TideJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal

/// A trace file opened for questions: an index of where each action's line is, the snapshots
/// and the resizes, made in one pass over the bytes without parsing the action lines, so a
/// trace of a million actions opens in well under a second and the index, not the file, is what
/// stays in memory. Lines are read and parsed when asked for.
///
/// A line that is not what a trace holds ends the index there: ``problem`` says where and why,
/// and everything before it still answers. A trace of another app, format version or app version
/// is refused when opened. With ``update()``, lines appended since (a trace still being written,
/// `--follow`) are indexed too.
package final class TraceReader {
  package let path: String
  /// The file, open: this reader's own, or shared with the copies of its index made for
  /// another thread's reader (``Copy``), and closed when the last of them goes.
  private let file: OpenFile
  private var descriptor: Int32 { file.descriptor }
  /// The session's header (the last session of a file that holds several).
  package private(set) var header: TraceHeader
  /// The sessions before the last one in the file, which the index leaves out.
  package private(set) var skippedSessions = 0
  /// The branch lines read so far: each left the steps after its step behind.
  package private(set) var branchCount = 0
  /// Where the line of action `n` starts: `actionOffsets[n - 1]`.
  private var actionOffsets: [Int] = []
  /// The line number of action `n`: `actionLines[n - 1]`.
  private var actionLines: [Int32] = []
  private var snapshots: [(number: Int, offset: Int, line: Int)] = []
  /// The terminal's size from each resize on: after `afterAction` actions.
  private var resizes: [(afterAction: Int, size: TerminalSize)] = []
  /// The offset and line number of each line that is an input event of its own.
  private var inputLines: [(offset: Int, line: Int)] = []
  /// Where the index stopped, if a line was wrong.
  package private(set) var problem: TraceProblem?
  private var scannedOffset = 0
  private var nextLine = 1
  private var headerOffset = 0
  /// States after actions, the most recently used last, kept so that a step near one of them
  /// applies a few lines: stepping forward applies one, and going back and forth between two
  /// steps applies none. `base`: the snapshot (0: the header) whose state the lines were
  /// applied to; ``state(after:)`` uses a state only for a step whose nearest snapshot is that
  /// one, and ``checkedState(in:checkedFrom:)`` only for a walk that starts from that one, so no
  /// snapshot line is passed over (one indexed after the state was made, in a followed trace,
  /// or one a question's longer range walked across). `checkedFrom`: the first of the lines up
  /// to it that a question checked, each of them (``keepChecked(_:after:linesFrom:)``); `nil`
  /// when none were.
  private var keptStates: [(number: Int, state: JSONValue, base: Int, checkedFrom: Int?)] = []
  /// Whether the reader keeps what a browser moving back and forth needs again, at the cost of
  /// its memory: the twenty states used last instead of one (those around the steps shown and
  /// those a long walk of lines left on its way, so that a step back applies a short run of
  /// lines), the last snapshot parsed, and the app's large lists decoded (``decodingMemo``). A
  /// large state's lists are shared between kept states, and copied only where a change changes
  /// them. A question asked once keeps the least, so that its memory stays about that of one
  /// state.
  package var keepsStatesForBrowsing = false {
    didSet {
      guard keepsStatesForBrowsing != oldValue else { return }
      decodingMemo = keepsStatesForBrowsing ? DecodingMemo() : nil
    }
  }
  /// The app's large lists decoded before, for the states of this trace, while browsing.
  package private(set) var decodingMemo: DecodingMemo?
  /// The walk that makes states along the trace on another thread while browsing, if one was
  /// started, and the states it handed over so far, by number: kept as the other kept states
  /// are, but never let go (``TraceWaypointWalk`` bounds their memory).
  private var waypointWalk: TraceWaypointWalk?
  private var waypoints: [(number: Int, state: JSONValue, base: Int, checkedFrom: Int?)] = []
  private var keptStateLimit: Int { keepsStatesForBrowsing ? 20 : 1 }
  /// The last snapshot parsed, by its line's offset: steps after it start from it again, and
  /// share its large lists, which a decoding memo then finds (``DecodingMemo``).
  private var parsedSnapshot: (offset: Int, state: JSONValue)?
  /// The last line holding a whole state that was parsed, the header's first: the next one is
  /// parsed against it. Its bytes are kept (5.3 MB for tide-list's 100,000 items), the price of
  /// reading the next snapshot in a few of its bytes.
  private var lastStateLine: ParsedStateLine?

  /// The most one line may hold: the shared reader's limit for a whole file
  /// (``FileContents/defaultLimit``), far beyond a snapshot of any real state. A trace may be
  /// far longer than that and is never read whole; a line longer is refused at its number
  /// rather than gathered in memory (a file of zeros, a line that never ends).
  package let lineLimit: Int

  /// Opens and indexes the trace at `path` for `app` at `appVersion`. Throws when the file cannot
  /// be read, does not start with a trace header, or belongs to another app or version.
  /// `lineLimit`: the most one line may hold (a test's smaller limit).
  package init(
    path: String, app: String, appVersion: String, lineLimit: Int = FileContents.defaultLimit,
    stopSignal: @escaping @Sendable () -> Int32? = { InterruptSignals.received }
  ) throws(TraceProblem) {
    self.path = path
    self.stopSignal = stopSignal
    self.file = OpenFile(descriptor: try Self.openRegularFile(path, app: app))
    header = TraceHeader(app: "", appVersion: "", size: TerminalSize(columns: 80, rows: 24), snapshotInterval: 1, state: .null)
    self.app = app
    self.appVersion = appVersion
    self.lineLimit = lineLimit
    // Every stored property is set from here on, so a throw releases `file`, which closes the
    // descriptor: closing it here too closed it twice, the second time perhaps another
    // thread's file given the same number meanwhile.
    guard let first = readLine(at: 0) else {
      throw TraceProblem(path: path, line: nil, message: "the file is empty: not a trace")
    }
    guard first.bytes.count <= lineLimit else { throw tooLong(line: 1) }
    // Parsed on another thread while the file is indexed, which needs nothing from it: a
    // header holding a large state (5.3 MB for 100,000 items) was a tenth of opening. A header
    // that fails stops the index at its next chunk, so a trace of another app is refused as
    // soon as it was.
    let parse = HeaderParse(bytes: first.bytes, app: app, appVersion: appVersion, path: path)
    let parsed = DispatchGroup()
    DispatchQueue.global().async(group: parsed) { parse.run() }
    scan(final: false, stopping: { parse.hasFailed })
    parsed.wait()
    let (header, stateLine) = try parse.header()
    // A later session in the file has its own header, which the index took.
    if skippedSessions == 0 { (self.header, lastStateLine) = (header, stateLine) }
  }

  /// The first line's header, parsed beside the index.
  private final class HeaderParse: Sendable {
    let bytes: [UInt8]
    let app: String
    let appVersion: String
    let path: String
    private let result = Mutex<Result<(TraceHeader, ParsedStateLine?), TraceProblem>?>(nil)

    init(bytes: [UInt8], app: String, appVersion: String, path: String) {
      (self.bytes, self.app, self.appVersion, self.path) = (bytes, app, appVersion, path)
    }

    func run() {
      let header = Result { () throws(TraceProblem) in
        try TraceReader.parseHeader(bytes, app: app, appVersion: appVersion, path: path, line: 1)
      }
      result.withLock { $0 = header }
    }

    /// Whether ``run()`` found the header wrong: asked between two chunks of the index.
    var hasFailed: Bool {
      result.withLock { if case .failure? = $0 { true } else { false } }
    }

    /// The header and its line, once ``run()`` is done.
    func header() throws(TraceProblem) -> (TraceHeader, ParsedStateLine?) {
      try result.withLock { $0! }.get()
    }
  }

  private let app: String
  private let appVersion: String
  /// A quit signal a replay recorded, if any: reading a large trace stops at the next chunk.
  private let stopSignal: @Sendable () -> Int32?

  /// Opens the trace at `path` to read, which must be a regular file: a folder, a FIFO or a
  /// device is refused for what it is (the wording of ``FileKind``), where reading it said "the
  /// file is empty" or never returned. The open does not wait: a FIFO without a writer would
  /// block it.
  private static func openRegularFile(_ path: String, app: String) throws(TraceProblem) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw TraceProblem(path: path, line: nil, message: "cannot read the trace: \(systemReason(errno))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = systemReason(errno)
      close(descriptor)
      throw TraceProblem(path: path, line: nil, message: "cannot read the trace: \(reason)")
    }
    if let kind = FileKind.name(ofNonRegular: info.st_mode) {
      close(descriptor)
      throw TraceProblem(path: path, line: nil, message: "is \(kind), not a trace (a trace is a file \(app) --trace wrote)")
    }
    return descriptor
  }

  deinit {
    waypointWalk?.stop()
  }

  /// An open file's descriptor, closed when its owner goes: a reader, or a copy of its index
  /// that no reader was made from (a thread that never began).
  final class OpenFile: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit {
      close(descriptor)
    }
  }

  // MARK: A reader for another thread

  /// What a reader of the same file on another thread needs: the index as it is now, and its
  /// own descriptor of the same open file (`pread` moves no shared offset).
  struct Copy: Sendable {
    fileprivate let path: String
    /// A descriptor of its own of the same open file, for `pread`, which moves no offset the
    /// two would share; closed when the copy and every reader made from it are gone.
    fileprivate let file: OpenFile
    fileprivate let header: TraceHeader
    fileprivate let actionOffsets: [Int]
    fileprivate let actionLines: [Int32]
    fileprivate let snapshots: [(number: Int, offset: Int, line: Int)]
    fileprivate let app: String
    fileprivate let appVersion: String
    fileprivate let lineLimit: Int
    fileprivate let stopSignal: @Sendable () -> Int32?
    fileprivate let lastStateLine: ParsedStateLine?
    /// The numbers of the actions with a snapshot after them, in order.
    var snapshotNumbers: [Int] { snapshots.map(\.number) }
    var actionCount: Int { actionOffsets.count }
    /// How long the indexed part of the file is, about.
    var indexedBytes: Int { actionOffsets.last ?? 0 }
  }

  /// The index for a reader on another thread; `nil` when the file's descriptor cannot be
  /// duplicated (out of descriptors).
  func copyForAnotherThread() -> Copy? {
    let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard duplicate >= 0 else { return nil }
    return Copy(
      path: path, file: OpenFile(descriptor: duplicate), header: header, actionOffsets: actionOffsets, actionLines: actionLines,
      snapshots: snapshots, app: app, appVersion: appVersion, lineLimit: lineLimit, stopSignal: stopSignal,
      lastStateLine: lastStateLine)
  }

  /// A reader of `copy`'s index, which it does not extend (no ``update()``), owning its
  /// descriptor. It keeps one state, as a question asked once does; with `keepingDecodedLists`,
  /// the app's large lists decoded too (``decodingMemo``), for a walk of every line, which
  /// checks the whole state wherever a value changes kind or a list is spliced: without them
  /// each check decodes a list of 100,000 items anew.
  init(copy: Copy, keepingDecodedLists: Bool) {
    path = copy.path
    file = copy.file
    header = copy.header
    actionOffsets = copy.actionOffsets
    actionLines = copy.actionLines
    snapshots = copy.snapshots
    app = copy.app
    appVersion = copy.appVersion
    lineLimit = copy.lineLimit
    stopSignal = copy.stopSignal
    lastStateLine = copy.lastStateLine
    problem = TraceProblem(path: copy.path, line: nil, message: "a copy of the index reads no further")
    decodingMemo = keepingDecodedLists ? DecodingMemo() : nil
  }

  /// Starts making states along the trace on another thread, every `spacing` actions between
  /// snapshots farther apart than that, each checked as ``TraceQueries`` checks the lines a
  /// state is read from: a step far from every snapshot is then a few thousand lines from one of
  /// them (``TraceWaypointWalk``). For the browser, once its first screen is shown.
  package func startWaypointWalk(checks: InspectedApp.Checks, spacing: Int = TraceWaypointWalk.defaultSpacing) {
    guard waypointWalk == nil, let copy = copyForAnotherThread() else { return }
    waypointWalk = TraceWaypointWalk.start(copy, checks: checks, spacing: spacing)
  }

  /// Waits until the walk ``startWaypointWalk(checks:spacing:)`` started has ended, and takes
  /// the states it made: for tests and measurements.
  package func waitForWaypoints() {
    waypointWalk?.waitUntilEnded()
    adoptWaypoints()
  }

  /// How many states the walk has handed over.
  package var waypointCount: Int {
    adoptWaypoints()
    return waypoints.count
  }

  private func adoptWaypoints() {
    guard let waypointWalk else { return }
    for waypoint in waypointWalk.takeWaypoints() {
      waypoints.append((waypoint.number, waypoint.state, waypoint.base, waypoint.checkedFrom))
    }
  }

  /// The kept state or waypoint after the latest action for which `isWanted` holds.
  private func latestKept(
    where isWanted: ((number: Int, state: JSONValue, base: Int, checkedFrom: Int?)) -> Bool
  ) -> (number: Int, state: JSONValue, base: Int, checkedFrom: Int?)? {
    adoptWaypoints()
    let kept = keptStates.filter(isWanted).max { $0.number < $1.number }
    guard let waypoint = waypoints.last(where: isWanted) else { return kept }
    guard let kept, kept.number >= waypoint.number else { return waypoint }
    return kept
  }

  /// How many actions the index holds.
  package var actionCount: Int { actionOffsets.count }

  /// Indexes lines written since the last look; a last line without its line break yet is left
  /// for the next call. Returns whether anything new was indexed.
  @discardableResult
  package func update() -> Bool {
    let before = (actionOffsets.count, skippedSessions)
    scan(final: false)
    return before != (actionOffsets.count, skippedSessions)
  }

  /// Records a problem for a last line that is cut short (no line break): for a trace that is
  /// not being written any more.
  package func finishReading() {
    scan(final: true)
  }

  /// The terminal's size after action `number`.
  package func size(after number: Int) -> TerminalSize {
    resizes.last { $0.afterAction <= number }?.size ?? header.size
  }

  /// The line number of action `number`.
  package func line(ofAction number: Int) -> Int {
    Int(actionLines[number - 1])
  }

  /// Action `number` (1…``actionCount``), parsed.
  package func step(_ number: Int) throws(TraceProblem) -> TraceStep {
    let line = Int(actionLines[number - 1])
    return try TraceStep(parsing: indexedLine(at: actionOffsets[number - 1], line: line), path: path, line: line)
  }

  /// The line indexed at `offset` (line number `line`), whole: one that is gone or cut short
  /// since it was indexed (the file truncated) is an error, the same for every question.
  private func indexedLine(at offset: Int, line: Int) throws(TraceProblem) -> [UInt8] {
    guard let text = readLine(at: offset), text.isComplete else {
      throw TraceProblem(path: path, line: line, message: "the line can no longer be read")
    }
    return text.bytes
  }

  /// The steps of the actions in `numbers`, in order, each line parsed whole, the lines read in
  /// large chunks (a read of each line was once most of a jump's cost). A walk that needs only
  /// the lines' changes reads them from their parts instead (``LineChangesReader``).
  package func forEachStep(
    in numbers: ClosedRange<Int>, _ body: (_ number: Int, _ step: TraceStep) throws(TraceProblem) -> Void
  ) throws(TraceProblem) {
    precondition(numbers.lowerBound >= 1 && numbers.upperBound <= actionCount, "actions \(numbers) are not in the trace")
    try forEachActionLine(in: numbers) { number, bytes throws(TraceProblem) in
      try body(number, TraceStep(parsing: bytes, path: path, line: line(ofAction: number)))
    }
  }

  /// The number of the snapshot ``state(after:)`` starts from for action `number` (0: the
  /// header's state).
  package func snapshotNumber(atOrBefore number: Int) -> Int {
    snapshots.last(where: { $0.number <= number })?.number ?? 0
  }

  /// The snapshots, each as the action it follows and about how many bytes its line holds:
  /// what reading its state costs, to share such work between two threads.
  package var snapshotSizes: [(number: Int, bytes: Int)] {
    snapshots.map { snapshot in
      let next = snapshot.number < actionOffsets.count ? actionOffsets[snapshot.number] : scannedOffset
      return (snapshot.number, max(0, next - snapshot.offset))
    }
  }

  /// The state after action `number` (0: the initial state): from the nearest snapshot at or
  /// before it, or from the last state asked for when that is closer, with the changes of the
  /// actions between applied.
  package func state(after number: Int) throws(TraceProblem) -> JSONValue {
    precondition(number >= 0 && number <= actionCount, "action \(number) is not in the trace")
    var start = (number: 0, state: header.state)
    let snapshot = snapshots.last(where: { $0.number <= number })
    let base = snapshot?.number ?? 0
    let kept = latestKept { $0.number <= number && $0.base == base }
    if let kept {
      // Looked for before the snapshot is read: a snapshot of a large state takes longer to
      // parse than the lines after it take to apply.
      start = (kept.number, kept.state)
      keep(kept.state, after: kept.number, base: kept.base, checkedFrom: kept.checkedFrom)
    } else if let snapshot, let parsedSnapshot, parsedSnapshot.offset == snapshot.offset {
      start = (snapshot.number, parsedSnapshot.state)
    } else if let snapshot {
      let text = try indexedLine(at: snapshot.offset, line: snapshot.line)
      let parsed: (json: JSONValue, line: ParsedStateLine?)
      do {
        parsed = try ParsedStateLine.parse(text, like: lastStateLine)
      } catch {
        throw TraceProblem.malformedJSON(error, path: path, line: snapshot.line)
      }
      start = (snapshot.number, try TraceSnapshot(parsing: parsed.json, path: path, line: snapshot.line).state)
      if let line = parsed.line { lastStateLine = line }
      if keepsStatesForBrowsing { parsedSnapshot = (snapshot.offset, start.state) }
    }
    var state = start.state
    if start.number < number {
      var lines = LineChangesReader()
      try forEachActionLineInPlace(in: start.number + 1...number) { index, line throws(TraceProblem) in
        let changes = try lines.read(line, path: path, lineNumber: self.line(ofAction: index)).changes
        for change in changes where !change.apply(to: &state) {
          throw TraceProblem(
            path: path, line: self.line(ofAction: index),
            message: "the change to \(change.path) does not fit the state before it")
        }
      }
    }
    keep(state, after: number, base: base, checkedFrom: nil)
    return state
  }

  /// Keeps `state`, made by applying the trace's lines from action `first` to `number` and
  /// checking each, as the state after action `number`: a question that checks the same lines
  /// starts from it next time (``checkedState(in:checkedFrom:)``), and ``state(after:)`` does too.
  package func keepChecked(_ state: JSONValue, after number: Int, linesFrom first: Int) {
    precondition(number >= 0 && number <= actionCount, "action \(number) is not in the trace")
    keep(state, after: number, base: snapshotNumber(atOrBefore: first - 1), checkedFrom: first)
  }

  /// The kept state after the latest action in `numbers` whose lines were checked from action
  /// `first` or before it, applied to the state a walk from `first` starts from.
  package func checkedState(in numbers: ClosedRange<Int>, checkedFrom first: Int) -> (number: Int, state: JSONValue)? {
    // Only states applied to the state a walk from `first` starts from: one checked from an
    // earlier line across a snapshot is passed over, which costs a walk, never a check.
    let base = snapshotNumber(atOrBefore: first - 1)
    let found = latestKept { kept in
      kept.base == base && kept.checkedFrom.map { $0 <= first } == true && numbers.contains(kept.number)
    }
    guard let found else { return nil }
    keep(found.state, after: found.number, base: found.base, checkedFrom: found.checkedFrom)
    return (found.number, found.state)
  }

  /// Lets the kept states and the parsed snapshot go: a new session or a branch makes them
  /// states of another history. (The memo's lists stay: they are found by their JSON.)
  private func forgetStates() {
    keptStates = []
    parsedSnapshot = nil
    waypointWalk?.stop()
    waypointWalk = nil
    waypoints = []
  }

  private func keep(_ state: JSONValue, after number: Int, base: Int, checkedFrom: Int?) {
    var checkedFrom = checkedFrom
    if let index = keptStates.firstIndex(where: { $0.number == number && $0.base == base }) {
      // Checked from the earlier of the two firsts: the state is the same.
      checkedFrom = [checkedFrom, keptStates[index].checkedFrom].compactMap { $0 }.min()
      keptStates.remove(at: index)
    }
    keptStates.append((number, state, base, checkedFrom))
    if keptStates.count > keptStateLimit { keptStates.removeFirst(keptStates.count - keptStateLimit) }
  }

  /// The input events of their own lines and the actions' keys and pastes up to action
  /// `number`, with their times, in order.
  package func inputEvents(through number: Int) throws(TraceProblem) -> [(event: InputEvent, time: Duration)] {
    let end = number == 0 ? headerOffset + 1 : actionOffsets[number - 1]
    var events: [(offset: Int, event: InputEvent, time: Duration)] = []
    for input in inputLines where input.offset < end && input.offset > headerOffset {
      let text = try indexedLine(at: input.offset, line: input.line)
      let parsed = try TraceInput(parsing: text, path: path, line: input.line)
      events.append((input.offset, parsed.event, parsed.time))
    }
    if number > 0 {
      try forEachStep(in: 1...number) { index, step throws(TraceProblem) in
        if let input = step.input { events.append((actionOffsets[index - 1], input, step.time)) }
      }
    }
    return events.sorted { $0.offset < $1.offset }.map { ($0.event, $0.time) }
  }

  /// Hands `body` each action's number and line, in order, reading the file in large chunks:
  /// for questions about every action, which one read per line would make slow.
  package func forEachActionLine(
    _ body: (_ number: Int, _ bytes: [UInt8]) throws(TraceProblem) -> Void
  ) throws(TraceProblem) {
    try forEachActionLine(in: 1...max(1, actionCount), body)
  }

  /// ``forEachActionLine(_:)`` for the actions in `numbers` only (those the trace has).
  package func forEachActionLine(
    in numbers: ClosedRange<Int>, _ body: (_ number: Int, _ bytes: [UInt8]) throws(TraceProblem) -> Void
  ) throws(TraceProblem) {
    try forEachActionLineInPlace(in: numbers) { number, bytes throws(TraceProblem) in try body(number, Array(bytes)) }
  }

  /// ``forEachActionLine(in:_:)`` handing each line's bytes where they lie in the read buffer,
  /// valid only during the call: a query that skips most lines after a byte search copies none.
  /// A line that is gone or cut short since it was indexed (the file truncated) is an error, as
  /// it is when a line is read alone.
  package func forEachActionLineInPlace(
    in numbers: ClosedRange<Int>, _ body: (_ number: Int, _ bytes: UnsafeRawBufferPointer) throws(TraceProblem) -> Void
  ) throws(TraceProblem) {
    let numbers = numbers.clamped(to: 1...max(1, actionCount))
    guard actionCount > 0 else { return }
    let first = actionOffsets[numbers.lowerBound - 1]
    let last = actionOffsets[numbers.upperBound - 1]
    let lastNumber = numbers.upperBound
    let chunkSize = min(Self.chunkSize, max(1 << 16, last - first + (1 << 14)))
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { buffer.deallocate() }
    let base = UnsafeRawPointer(buffer.baseAddress!)
    var position = first
    var next = numbers.lowerBound - 1
    // A line that runs past the end of a chunk, gathered here.
    var carried: [UInt8] = []
    var lineOffset = first
    while next < lastNumber {
      let chunkStart = position
      let count = pread(descriptor, buffer.baseAddress, chunkSize, off_t(position))
      if count <= 0 { break }
      position += count
      var lineStart = 0
      while next < lastNumber, lineStart < count,
        let found = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), count - lineStart)
      {
        let end = base.distance(to: UnsafeRawPointer(found))
        let line = UnsafeRawBufferPointer(start: base + lineStart, count: end - lineStart)
        if lineOffset == actionOffsets[next] {
          next += 1
          if carried.isEmpty {
            try body(next, Self.withoutCarriageReturn(line))
          } else {
            carried.append(contentsOf: line)
            var failure: TraceProblem?
            carried.withUnsafeBytes { whole in
              do throws(TraceProblem) { try body(next, Self.withoutCarriageReturn(whole)) } catch { failure = error }
            }
            if let failure { throw failure }
          }
        }
        carried = []
        lineStart = end + 1
        lineOffset = chunkStart + end + 1
      }
      if lineStart < count { carried.append(contentsOf: UnsafeRawBufferPointer(start: base + lineStart, count: count - lineStart)) }
    }
    // Lines indexed whole and no longer there whole: the file was cut short since.
    if next < lastNumber {
      throw TraceProblem(path: path, line: line(ofAction: next + 1), message: "the line can no longer be read")
    }
  }

  // MARK: Reading lines

  /// The line starting at `offset`, without its line break, and whether it had one; a line
  /// longer than ``lineLimit`` comes back cut just past it, as incomplete.
  private func readLine(at offset: Int) -> (bytes: [UInt8], isComplete: Bool)? {
    var bytes: [UInt8] = []
    var position = offset
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= lineLimit {
      let wanted = min(chunk.count, lineLimit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(position)) }
      if count < 0 { return nil }
      if count == 0 { return bytes.isEmpty && position == offset ? nil : (bytes, false) }
      let isComplete = chunk.withUnsafeBytes { raw in
        let found = memchr(raw.baseAddress!, Int32(UInt8(ascii: "\n")), count)
        let end = found.map { raw.baseAddress!.distance(to: UnsafeRawPointer($0)) } ?? count
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<end]))
        return found != nil
      }
      if isComplete {
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return (bytes, true)
      }
      position += count
      if chunk.count < Self.chunkSize { chunk = [UInt8](repeating: 0, count: chunk.count * 4) }
    }
    return (bytes, false)
  }


  // MARK: Indexing

  /// How much of the file is read at once, to index it or to read many lines.
  package static let chunkSize = 1 << 22

  /// `stopping`: whether to stop before the next chunk, leaving the index unfinished.
  private func scan(final: Bool, stopping: () -> Bool = { false }) {
    guard problem == nil else { return }
    let chunkSize = Self.chunkSize
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    var carried: [UInt8] = []
    var position = scannedOffset
    while problem == nil {
      // Heard between chunks, so `inspect replay` of a large trace stops at once rather than
      // after the whole file; what was read is not taken for the whole trace.
      if let signal = stopSignal() {
        problem = TraceProblem(path: path, line: nextLine, message: "reading stopped by \(InterruptSignals.name(of: signal))")
        return
      }
      if stopping() { return }
      let chunkStart = position
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(position)) }
      if count <= 0 { break }
      position += count
      buffer.withUnsafeBytes { raw in
        let bytes = raw.prefix(count)
        let base = raw.baseAddress!
        var lineStart = 0
        // A line begun in the chunks before, whole once its line break is in this one.
        var carriedIsWhole = false
        if !carried.isEmpty, let found = memchr(base, Int32(UInt8(ascii: "\n")), count) {
          let end = base.distance(to: UnsafeRawPointer(found))
          guard carried.count + end <= lineLimit else {
            problem = tooLong(line: nextLine)
            return
          }
          carried.append(contentsOf: bytes[..<end])
          carriedIsWhole = true
          lineStart = end + 1
        }
        // The lines that start and end in this chunk (none when it is all inside a line),
        // checked ahead on two threads; not the header, parsed when the trace was opened.
        let wholeEnd = carried.isEmpty || carriedIsWhole
          ? lineStart + Self.wholeLinesLength(UnsafeRawBufferPointer(rebasing: bytes[lineStart...])) : lineStart
        var checkStart = lineStart
        if chunkStart + lineStart == 0, let found = memchr(base, Int32(UInt8(ascii: "\n")), wholeEnd) {
          checkStart = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        let lineOffset = scannedOffset
        let passing = carried.withUnsafeBytes { carriedBytes in
          ParallelLineCheck.check(
            line: carriedIsWhole && lineOffset > 0 ? carriedBytes : nil,
            lines: UnsafeRawBufferPointer(rebasing: bytes[checkStart..<wholeEnd]))
        }
        let checked = (chunkStart + checkStart)..<(chunkStart + checkStart + passing.prefix)
        var nextChecked = 0
        if carriedIsWhole {
          carried.withUnsafeBytes { indexLine($0, offset: lineOffset, isChecked: passing.line) }
          carried = []
          guard problem == nil else { return }
          scannedOffset = chunkStart + lineStart
          nextLine += 1
        }
        while problem == nil, lineStart < count {
          // Lines that passed the check are known already: where each ends, and its number if
          // it is an action line as most are. A run of action lines whose numbers follow on is
          // taken at once, noted in this thread's own values (the reader's, changed a line at
          // a time, cost a check of exclusive access each).
          if lineStart >= checkStart, nextChecked < passing.lines.count, passing.lines[nextChecked].actionNumber == actionOffsets.count + 1 {
            var (offsets, lines) = ([Int](), [Int32]())
            var (expected, offset, line) = (actionOffsets.count + 1, scannedOffset, nextLine)
            while nextChecked < passing.lines.count, passing.lines[nextChecked].actionNumber == expected {
              let end = checkStart + passing.lines[nextChecked].end
              // Left to the line by line reading below, which says so.
              guard end - lineStart <= lineLimit else { break }
              offsets.append(offset)
              lines.append(Int32(truncatingIfNeeded: line))
              (expected, offset, line, lineStart) = (expected + 1, chunkStart + end + 1, line + 1, end + 1)
              nextChecked += 1
            }
            actionOffsets.append(contentsOf: offsets)
            actionLines.append(contentsOf: lines)
            (scannedOffset, nextLine) = (offset, line)
            if !offsets.isEmpty { continue }
          }
          let end: Int
          if lineStart >= checkStart, nextChecked < passing.lines.count {
            end = checkStart + passing.lines[nextChecked].end
            nextChecked += 1
          } else if let found = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), count - lineStart) {
            end = base.distance(to: UnsafeRawPointer(found))
          } else {
            break
          }
          let lineOffset = scannedOffset
          guard end - lineStart <= lineLimit else {
            problem = tooLong(line: nextLine)
            return
          }
          indexLine(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end]), offset: lineOffset, isChecked: checked.contains(lineOffset))
          guard problem == nil else { return }
          scannedOffset = chunkStart + end + 1
          nextLine += 1
          lineStart = end + 1
        }
        if problem == nil, lineStart < count {
          carried.append(contentsOf: bytes[lineStart..<count])
          if carried.count > lineLimit { problem = tooLong(line: nextLine) }
        }
      }
      if count < chunkSize { break }
    }
    if problem == nil, final, !carried.isEmpty {
      problem = TraceProblem(path: path, line: nextLine, message: "the last line is cut short (the trace ends in the middle of a line)")
    }
  }

  /// How many bytes at the start of `bytes` are whole lines: up to its last line break. Found
  /// eight bytes at a time from the end, as a chunk may end far inside a long line (a snapshot).
  package static func wholeLinesLength(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var end = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    while end >= 8 {
      // A line break's byte is zero in `word`, which makes `found` non-zero; which bits it sets
      // above the lowest zero byte may be wrong, so the loop below finds the last one.
      let word = base.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) ^ (ones &* 0x0A)
      let found = (word &- ones) & ~word & (ones &* 0x80)
      if found != 0 { break }
      end -= 8
    }
    while end > 0, bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
    return end
  }

  /// A line without the carriage return a CRLF line ends with (a trace saved by an editor
  /// that writes them): the line break is the line feed either way.
  static func withoutCarriageReturn(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    line.last == UInt8(ascii: "\r") ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
  }

  /// A line longer than ``lineLimit``, in the shared reader's words for a file too long.
  private func tooLong(line: Int) -> TraceProblem {
    TraceProblem(
      path: path, line: line,
      message: "the line holds more than \(FileContents.describe(bytes: lineLimit)), the most read of one line of a trace")
  }

  private func fail(_ message: String) {
    problem = TraceProblem(path: path, line: nextLine, message: message)
  }

  private static func hasPrefix(_ line: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard line.count >= count else { return false }
    return memcmp(line.baseAddress!, prefix.utf8Start, count) == 0
  }

  /// The number of an action line as the index takes most of them, `{"n":N,` with no resize
  /// on it, or 0 for any other line, which ``indexLine(_:offset:isChecked:)`` reads the long way
  /// (and says what is wrong with). It needs nothing from the lines before, so it is read beside
  /// the lines' check, on two threads (``ParallelLineCheck``); the index then takes an action
  /// line whose number follows on without looking into it.
  package static func plainActionNumber(_ line: UnsafeRawBufferPointer) -> Int {
    let line = withoutCarriageReturn(line)
    guard line.count >= 8, line.last == UInt8(ascii: "}"), hasPrefix(line, #"{"n":"#) else { return 0 }
    var number = 0
    var index = 5
    // Eighteen digits at most, which cannot overflow: a longer number goes the long way.
    while index < min(line.count, 5 + 18), let digit = digit(line[index]) {
      number = number * 10 + digit
      index += 1
    }
    guard index > 5, index < line.count, line[index] == UInt8(ascii: ","), case .none = resize(onActionLine: line, after: index) else {
      return 0
    }
    return number
  }

  /// `isChecked`: whether the line passed ``JSONParser/check(_:)`` already
  /// (``ParallelLineCheck``).
  private func indexLine(_ line: UnsafeRawBufferPointer, offset: Int, isChecked: Bool) {
    let line = Self.withoutCarriageReturn(line)
    guard line.count >= 2, line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}") else {
      fail(line.isEmpty ? "an empty line" : "not a JSON object: \(excerpt(line))")
      return
    }
    // Whole JSON, checked here though the values are read only when asked for: a line that is
    // not (nested too deep, a bare word) is found by every query, not only by one reading it.
    // The first line, the header, was parsed whole when the trace was opened.
    if offset > 0, !isChecked {
      do throws(JSONParser.Failure) {
        try JSONParser.check(line)
      } catch {
        fail("malformed JSON: \(error)")
        return
      }
    }
    if Self.hasPrefix(line, #"{"n":"#) {
      // Only the number is read here; the rest waits until the line is asked for.
      var number = 0
      var isInRange = true
      var index = 5
      while index < line.count, let digit = Self.digit(line[index]) {
        let (tens, tensOverflow) = number.multipliedReportingOverflow(by: 10)
        let (sum, sumOverflow) = tens.addingReportingOverflow(digit)
        isInRange = isInRange && !tensOverflow && !sumOverflow
        number = sum
        index += 1
      }
      guard index > 5, index < line.count, line[index] == UInt8(ascii: ",") else {
        fail("an action line without its number")
        return
      }
      guard isInRange else {
        // As typed, never the number it wraps to.
        let typed = escapedExcerpt(String(decoding: line[5..<index], as: UTF8.self), limit: 40)
        fail("action number \(typed) is out of range (action \(actionOffsets.count + 1) should be here)")
        return
      }
      guard number == actionOffsets.count + 1 else {
        fail("action \(number) where action \(actionOffsets.count + 1) should be")
        return
      }
      switch Self.resize(onActionLine: line, after: index) {
      case .none: break
      case .size(let size): resizes.append((actionOffsets.count, size))
      case .outOfRange:
        fail("a resize needs [columns, rows], each \(TraceInput.sizeRange.lowerBound) to \(TraceInput.sizeRange.upperBound)")
        return
      }
      actionOffsets.append(offset)
      actionLines.append(Int32(truncatingIfNeeded: nextLine))
    } else if Self.hasPrefix(line, #"{"t":"#) {
      inputLines.append((offset, nextLine))
      if Self.contains(line, #""resize":"#) {
        do throws(TraceProblem) {
          let input = try TraceInput(parsing: Array(line), path: path, line: nextLine)
          if case .resize(let size) = input.event { resizes.append((actionOffsets.count, size)) }
        } catch {
          problem = error
        }
      }
    } else if Self.hasPrefix(line, #"{"snapshot":"#) {
      snapshots.append((actionOffsets.count, offset, nextLine))
    } else if Self.hasPrefix(line, #"{"branch":"#) {
      branch(at: line, offset: offset)
    } else if Self.hasPrefix(line, #"{"format":"#) {
      if offset == 0 { return }
      // A later session in the same file (a second run appending): the index starts over.
      do throws(TraceProblem) {
        (header, lastStateLine) = try Self.parseHeader(Array(line), app: app, appVersion: appVersion, path: path, line: nextLine)
      } catch {
        problem = error
        return
      }
      skippedSessions += 1
      headerOffset = offset
      actionOffsets = []
      actionLines = []
      snapshots = []
      resizes = []
      inputLines = []
      forgetStates()
    } else {
      fail("not a line of a trace: \(excerpt(line))")
    }
  }

  /// A branch line: the app went back to its state after action N, so the actions after N (and
  /// the input, resizes and snapshots since it) are left behind; the line stands as a snapshot
  /// of action N, and the next action is N + 1.
  private func branch(at line: UnsafeRawBufferPointer, offset: Int) {
    let number: Int
    do throws(TraceProblem) {
      number = try TraceSnapshot(parsing: Array(line), path: path, line: nextLine).number
    } catch {
      problem = error
      return
    }
    guard number <= actionOffsets.count else {
      fail("a branch back to action \(number), after only \(actionOffsets.count)")
      return
    }
    let kept = number == 0 ? headerOffset : actionOffsets[number - 1]
    actionOffsets.removeLast(actionOffsets.count - number)
    actionLines.removeLast(actionLines.count - number)
    snapshots.removeAll { $0.number > number || $0.offset > kept }
    resizes.removeAll { $0.afterAction >= number }
    inputLines.removeAll { $0.offset > kept }
    snapshots.append((number, offset, nextLine))
    forgetStates()
    branchCount += 1
  }

  /// What an action line says of a resize that sent it.
  private enum ActionLineResize {
    /// No resize there, or one this quick look leaves to the full parse.
    case none
    case size(TerminalSize)
    /// A size beyond ``TraceInput/sizeRange``, which would have the app drawn on a canvas of
    /// that many cells.
    case outOfRange
  }

  /// The size of a resize that sent an action, which its line names right after the time:
  /// `{"n":1,"t":0.0,"resize":[80,24],"action":…`. Only the few bytes after the time are looked
  /// at, so indexing stays a pass over line breaks.
  private static func resize(onActionLine line: UnsafeRawBufferPointer, after numberEnd: Int) -> ActionLineResize {
    guard let timeEnd = (numberEnd + 1..<min(line.count, numberEnd + 40)).first(where: { line[$0] == UInt8(ascii: ",") })
    else { return .none }
    let prefix: StaticString = #","resize":["#
    let start = timeEnd + prefix.utf8CodeUnitCount
    guard start < line.count, memcmp(line.baseAddress! + timeEnd, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0 else { return .none }
    var values: [Int] = []
    var value = 0
    var index = start
    while index < line.count, values.count < 2 {
      let byte = line[index]
      if let digit = digit(byte) {
        value = value * 10 + digit
        // Past the range, the digits that follow cannot bring it back (nor overflow).
        if value > TraceInput.sizeRange.upperBound { return .outOfRange }
      } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
        guard TraceInput.sizeRange.contains(value) else { return .outOfRange }
        values.append(value)
        value = 0
      } else {
        return .none
      }
      index += 1
    }
    return values.count == 2 ? .size(TerminalSize(columns: values[0], rows: values[1])) : .none
  }

  private static func contains(_ line: UnsafeRawBufferPointer, _ needle: StaticString) -> Bool {
    let count = needle.utf8CodeUnitCount
    guard line.count >= count else { return false }
    for start in 0...(line.count - count) where memcmp(line.baseAddress! + start, needle.utf8Start, count) == 0 {
      return true
    }
    return false
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
  }

  private func excerpt(_ line: UnsafeRawBufferPointer) -> String {
    escapedExcerpt(String(decoding: line.prefix(60), as: UTF8.self), limit: 40)
  }

  /// The header on `bytes`, and the line for the first snapshot to be parsed against.
  private static func parseHeader(
    _ bytes: [UInt8], app: String, appVersion: String, path: String, line: Int
  ) throws(TraceProblem) -> (TraceHeader, ParsedStateLine?) {
    let notATrace = TraceProblem(path: path, line: line, message: "not a Tide trace (its first line is not a trace header)")
    guard let (json, stateLine) = try? ParsedStateLine.parse(bytes, like: nil) else {
      throw notATrace
    }
    guard case .string(let format)? = json["format"], format == TraceFormat.name else {
      // An app without a trace format of its own (tide-list, every example) writes Tide's
      // JSON lines: one action, its label and its state diff as text a line, no states to read.
      if case .string(let label)? = json["label"], case .string? = json["action"], case .string? = json["time"] {
        let writer = label.isEmpty ? "another app" : label
        throw TraceProblem(
          path: path, line: line,
          message: "this is a trace of \(writer) in Tide's JSON-lines format (an action and a state diff a line), "
            + "not a trace of \(app): \(app) inspect opens only the traces \(app) --trace writes")
      }
      throw notATrace
    }
    guard case .integer(let version)? = json["version"], version == TraceFormat.version else {
      throw TraceProblem(
        path: path, line: line,
        message: "trace format version \(json["version"]?.text ?? "?"); this \(app) reads version \(TraceFormat.version)")
    }
    // As every other line: an app named twice would leave which app wrote it to the first.
    try json.checkMembers(TraceHeader.members, of: "the trace header", path: path, line: line)
    guard case .string(let traceApp)? = json["app"], case .string(let traceVersion)? = json["appVersion"],
      case .array(let size)? = json["size"], size.count == 2, case .integer(let columns) = size[0],
      case .integer(let rows) = size[1], case .integer(let interval)? = json["snapshotEvery"],
      let state = json["state"]
    else {
      throw TraceProblem(path: path, line: line, message: "the trace header is missing fields")
    }
    guard TraceInput.sizeRange.contains(Int(columns)), TraceInput.sizeRange.contains(Int(rows)) else {
      throw TraceProblem(
        path: path, line: line,
        message: "the trace header's size \(columns)x\(rows) is out of range (each of columns and rows \(TraceInput.sizeRange.lowerBound) to \(TraceInput.sizeRange.upperBound))")
    }
    guard traceApp == app else {
      throw TraceProblem(path: path, line: line, message: "this is a trace of \(traceApp), not of \(app)")
    }
    guard traceVersion == appVersion else {
      throw TraceProblem(
        path: path, line: line,
        message: "this trace was written by \(traceApp) \(traceVersion); this is \(app) \(appVersion), whose state may differ")
    }
    // Optional: a trace of the first version 1 writers has neither. Present, each is what the
    // format says, or the arguments a replay needs would be dropped without a word.
    var arguments: [String] = []
    if let given = json["arguments"] {
      guard case .array(let values) = given else {
        throw TraceProblem(path: path, line: line, message: "the trace header's arguments are not a list of texts")
      }
      for value in values {
        guard case .string(let argument) = value else {
          throw TraceProblem(path: path, line: line, message: "the trace header's arguments are not all texts")
        }
        arguments.append(argument)
      }
    }
    var reducer: String?
    if let given = json["reducer"] {
      guard case .string(let name) = given else {
        throw TraceProblem(path: path, line: line, message: "the trace header's reducer is not a text")
      }
      reducer = name
    }
    let header = TraceHeader(
      app: traceApp, appVersion: traceVersion, arguments: arguments, reducer: reducer,
      size: TerminalSize(columns: Int(columns), rows: Int(rows)), snapshotInterval: Int(interval), state: state)
    return (header, stateLine)
  }
}
