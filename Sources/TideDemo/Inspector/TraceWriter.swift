import TideTerminal

/// Turns what a ``TraceRecorder`` queued into trace lines, off the main actor: the header on the
/// first entry (the terminal's size is the first resize), then one line per action, carrying
/// the input event that sent it, and one per input event that sent none, with a snapshot of the
/// state every ``TraceHeader/snapshotInterval`` actions.
struct TraceWriter<State: Encodable & Sendable, Action: Encodable & Equatable & Sendable> {
  private var header: TraceHeader
  private let encodeState: TraceRecorder<State, Action>.StateEncoder
  private let write: @Sendable ([UInt8]) -> Void
  private var previous: (state: State, json: JSONValue)
  private var actionCount = 0
  private var hasHeader = false
  private var buffer: [UInt8] = []
  /// An input event not written yet: the action it sends carries it on its own line.
  private var pendingInput: TraceInput?
  /// The JSON of the latest distinct actions, most recently used last: a session sends the same few
  /// actions over and over, and comparing an action costs far less than encoding it.
  private var recentActions: [(action: Action, json: JSONValue)] = []

  /// How many distinct actions ``recentActions`` keeps.
  private static var recentActionLimit: Int { 32 }

  /// Writes are gathered up to this many bytes, so a replay makes few system calls.
  private static var bufferSize: Int { 1 << 18 }

  init(
    header: TraceHeader, initialState: State,
    encodeState: @escaping TraceRecorder<State, Action>.StateEncoder, write: @escaping @Sendable ([UInt8]) -> Void
  ) {
    self.header = header
    self.encodeState = encodeState
    self.write = write
    let json = (try? encodeState(initialState, initialState, nil)) ?? .null
    previous = (initialState, json)
    self.header.state = json
  }

  mutating func append(_ entry: TraceEntry<State, Action>) {
    if !hasHeader {
      hasHeader = true
      if case .input(.resize(let size), _) = entry { header.size = size }
      emit(header.json)
    }
    switch entry {
    case .input(let event, let time):
      writePendingInput()
      pendingInput = TraceInput(event: event, time: time)
    case .action(let action, let state, let time, let byInput):
      let input = byInput ? pendingInput : nil
      if input == nil { writePendingInput() }
      pendingInput = nil
      actionCount += 1
      let json = (try? encodeState(state, previous.state, previous.json)) ?? .null
      let step = TraceStep(
        number: actionCount, time: time, input: input?.event,
        action: actionJSON(action),
        changes: StateChange.changes(from: previous.json, to: json))
      emit(step.json)
      previous = (state, json)
      if actionCount % header.snapshotInterval == 0 {
        emit(TraceSnapshot(number: actionCount, state: json).json)
      }
    }
  }

  /// The action's JSON, from ``recentActions`` when the same action was encoded lately — the
  /// same to the bit (`isSameSpelling`), since actions equal under `==` may spell their texts
  /// differently.
  private mutating func actionJSON(_ action: Action) -> JSONValue {
    if let index = recentActions.lastIndex(where: { isSameSpelling($0.action, action) }) {
      // The least recently used goes first: a one-off action (a timer's tick) must not push
      // out the ones sent all the time.
      let hit = recentActions.remove(at: index)
      recentActions.append(hit)
      return hit.json
    }
    let json = (try? JSONValueEncoder.encode(action)) ?? .null
    if recentActions.count == Self.recentActionLimit { recentActions.removeFirst() }
    recentActions.append((action, json))
    return json
  }

  private mutating func writePendingInput() {
    if let input = pendingInput { emit(input.json) }
    pendingInput = nil
  }

  /// Hands what is gathered to `write`. A key still waiting for its action stays: the action
  /// may be in the next batch.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes the header of a session that had no input nor action, and what is left.
  mutating func end() {
    writePendingInput()
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
