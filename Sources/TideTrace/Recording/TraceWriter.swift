import TideJSON
import TideTerminal

/// Turns what a ``TraceRecorder`` queued into trace lines, off the main actor: the header on the
/// first entry (the terminal's size is the first resize), then one line per action, carrying
/// the input event that sent it, and one per input event that sent none, with a snapshot of the
/// state every ``TraceHeader/snapshotInterval`` actions.
///
/// An action's line is written as text straight into the buffer — its number, time, input,
/// the action's JSON text (kept for the actions sent lately) and the changes the differ finds
/// between the typed states — with no tree of values built for it: at a million actions the
/// trees cost more than the rest of the writer.
struct TraceWriter<State: Encodable & Sendable, Action: Encodable & Sendable> {
  private var header: TraceHeader
  private var differ = CodableStateDiffer<State>()
  private let write: @Sendable ([UInt8]) -> Void
  private var actionCount = 0
  private var hasHeader = false
  private var buffer: [UInt8] = []
  private var changes = TraceChanges()
  /// The latest distinct actions, most recently used last, with their JSON texts and the hashes
  /// of their bytes: a session sends the same few actions over and over, and comparing an
  /// action's hash costs far less than encoding it.
  private var recentActions: [Action] = []
  private var recentActionJSON: [[UInt8]] = []
  private var recentActionHashes: [Int] = []

  /// How many distinct actions ``recentActions`` keeps.
  private static var recentActionLimit: Int { 32 }

  /// Writes are gathered up to this many bytes, so a replay makes few system calls.
  private static var bufferSize: Int { 1 << 18 }

  /// A writer of `header` and what follows it; with `adaptsSnapshotInterval`, the header's
  /// snapshot interval grows with the size of `initialState` (``snapshotInterval(forStateBytes:)``).
  init(
    header: TraceHeader, initialState: State, adaptsSnapshotInterval: Bool = false,
    write: @escaping @Sendable ([UInt8]) -> Void
  ) {
    self.header = header
    self.write = write
    self.header.state = (try? self.differ.json(of: initialState)) ?? .null
    if adaptsSnapshotInterval {
      var text: [UInt8] = []
      self.header.state.write(to: &text)
      self.header.snapshotInterval = max(self.header.snapshotInterval, Self.snapshotInterval(forStateBytes: text.count))
    }
  }

  /// Actions between snapshots of a state whose JSON is `bytes` long: at least
  /// ``TraceFormat/defaultSnapshotInterval``, and at least one for every
  /// ``snapshotBytesPerAction`` bytes of the state, so snapshots add 64 bytes an action at
  /// most on average — a 100,000-item list's state (megabytes) written every 1,000 actions made
  /// the trace gigabytes long and the replay wait on encoding it. A state under 64 KB keeps the
  /// default, so small apps' traces do not change.
  static func snapshotInterval(forStateBytes bytes: Int) -> Int {
    max(TraceFormat.defaultSnapshotInterval, bytes / snapshotBytesPerAction)
  }

  /// See ``snapshotInterval(forStateBytes:)``.
  static var snapshotBytesPerAction: Int { 64 }

  mutating func append(_ entry: consuming TraceEntry<State, Action>) {
    if !hasHeader {
      hasHeader = true
      let firstInput: InputEvent? =
        switch copy entry {
        case .input(let event, _): event
        case .action(_, _, _, let input): input?.event
        case .start, .jump: nil
        }
      if case .resize(let size)? = firstInput { header.size = size }
      emit(header.json)
    }
    switch consume entry {
    case .start:
      // The recorder makes a writer for it.
      break
    case .input(let event, let time):
      // An input that sent no action (the recorder queues one with its action otherwise).
      emit(TraceInput(event: event, time: time).json)
    case .action(let action, let state, let time, let input):
      actionCount += 1
      changes.removeAll()
      // A state that cannot be encoded is written as no change, as it was written as null.
      if actionCount % header.snapshotInterval == 0 {
        do { try differ.writeChanges(to: copy state, into: &changes) } catch { changes.removeAll() }
        writeStep(time: time, input: input?.event, action: action)
        emit(TraceSnapshot(number: actionCount, state: (try? differ.json(of: state)) ?? .null).json)
      } else {
        do { try differ.writeChanges(to: consume state, into: &changes) } catch { changes.removeAll() }
        writeStep(time: time, input: input?.event, action: action)
      }
    case .jump(let number, let state, let time):
      actionCount = number
      emit(TraceBranch(number: number, time: time, state: (try? differ.json(of: state)) ?? .null).json)
    }
  }

  /// `{"n":…,"t":…,["key":…,]"action":…,"changes":[…]}`, in the order and spelling of
  /// ``TraceFormat``.
  private mutating func writeStep(time: Duration, input: InputEvent?, action: Action) {
    buffer.append(contentsOf: #"{"n":"#.utf8)
    JSONValue.integer(Int64(actionCount)).write(to: &buffer)
    buffer.append(contentsOf: #","t":"#.utf8)
    JSONValue.number(TraceFormat.seconds(time)).write(to: &buffer)
    if let input {
      let member = TraceInput.member(for: input)
      buffer.append(UInt8(ascii: ","))
      JSONValue.writeString(member.key, to: &buffer)
      buffer.append(UInt8(ascii: ":"))
      member.value.write(to: &buffer)
    }
    buffer.append(contentsOf: #","action":"#.utf8)
    appendActionJSON(action)
    buffer.append(contentsOf: #","changes":["#.utf8)
    buffer.append(contentsOf: changes.bytes)
    buffer.append(contentsOf: "]}\n".utf8)
    if buffer.count >= Self.bufferSize { flush() }
  }

  /// Appends the action's JSON text, from ``recentActions`` when the same action was encoded
  /// lately — the same to the bit (`isSameSpelling`), since actions equal under `==` may spell
  /// their texts differently.
  private mutating func appendActionJSON(_ action: Action) {
    let hash = bytesHash(of: action)
    var index = recentActionHashes.count - 1
    while index >= 0, recentActionHashes[index] != hash || !isSameSpelling(recentActions[index], action) { index -= 1 }
    if index >= 0 {
      buffer.append(contentsOf: recentActionJSON[index])
      // The least recently used goes first: a one-off action (a timer's tick) must not push
      // out the ones sent all the time.
      if index != recentActions.count - 1 {
        recentActions.append(recentActions.remove(at: index))
        recentActionJSON.append(recentActionJSON.remove(at: index))
        recentActionHashes.append(recentActionHashes.remove(at: index))
      }
      return
    }
    var json: [UInt8] = []
    ((try? JSONValueEncoder.encode(action)) ?? .null).write(to: &json)
    buffer.append(contentsOf: json)
    if recentActions.count == Self.recentActionLimit {
      recentActions.removeFirst()
      recentActionJSON.removeFirst()
      recentActionHashes.removeFirst()
    }
    recentActions.append(action)
    recentActionJSON.append(json)
    recentActionHashes.append(hash)
  }

  /// A hash of `value`'s bytes (FNV-1a): equal bits, equal hashes.
  private func bytesHash(of value: Action) -> Int {
    withUnsafeBytes(of: value) { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return Int(truncatingIfNeeded: hash)
    }
  }

  /// Hands what is gathered to `write`.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes the header of a session that had no input nor action, and what is left.
  mutating func end() {
    if !hasHeader {
      hasHeader = true
      emit(header.json)
    }
    flush()
  }

  private mutating func emit(_ line: JSONValue) {
    line.write(to: &buffer)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= Self.bufferSize { flush() }
  }
}
