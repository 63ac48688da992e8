/// Records frames as an asciinema v2 cast: each canvas goes through a ``Renderer`` into an
/// ``ANSIOutputTerminal``, and the escape sequences of the cells that changed become one output
/// event at the frame's time.
///
/// Because the events carry exactly the renderer's cell diff, playing the cast in a fresh
/// terminal of the starting size ends on the last canvas added. A canvas of another size adds a
/// resize event (`"r"`) and is drawn in full. Feed it the frames a replay draws with the virtual
/// clock's time, and a 3 s script becomes a 3 s cast, written in milliseconds.
package struct AsciicastRecorder {
  private var writer: AsciicastWriter
  private var renderer = Renderer()
  private let encoder: ANSIOutputTerminal

  /// A recording that starts at `size`, its colours written as `profile` shows them; `title`
  /// goes in the header.
  package init(size: TerminalSize, title: String? = nil, profile: ColorProfile = .trueColor) {
    writer = AsciicastWriter(size: size, title: title)
    encoder = ANSIOutputTerminal(size: size, profile: profile)
  }

  /// Adds a frame shown from `time` on (times must not go backwards). A frame equal to the
  /// previous one adds nothing.
  package mutating func add(_ canvas: Canvas, at time: Duration) {
    let size = TerminalSize(columns: canvas.columns, rows: canvas.rows)
    if size != encoder.size {
      encoder.resize(to: size)
      writer.resize(to: size, at: time)
    }
    renderer.render(canvas, to: encoder)
    writer.output(encoder.takeOutput(), at: time)
  }

  /// Adds the window title the app set at `time` (`nil`: the terminal's own back) as output:
  /// its OSC 2, or the title stack's pop and push (see ``ANSIOutputTerminal/setTitle(_:)``).
  package mutating func setTitle(_ title: String?, at time: Duration) {
    encoder.setTitle(title)
    writer.output(encoder.takeOutput(), at: time)
  }

  /// Adds a copy to the clipboard the app made at `time` as output: its OSC 52.
  package mutating func copyToClipboard(_ text: String, at time: Duration) {
    encoder.copyToClipboard(text)
    writer.output(encoder.takeOutput(), at: time)
  }

  /// Adds a pointer event as input (`"i"`), as a terminal in SGR mode (1006) would have sent
  /// it, so the cast shows where a replay clicked and scrolled.
  public mutating func input(_ event: PointerEvent, at time: Duration) {
    writer.input(event.sgrReport, at: time)
  }

  /// The number of events so far.
  package var eventCount: Int { writer.eventCount }

  /// The cast file's text.
  package var text: String { writer.text }
}
