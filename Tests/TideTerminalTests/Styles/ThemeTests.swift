import Testing
import Tide
@testable import TideTerminal
import TideTestSupport

@MainActor
@Suite("Themes")
struct ThemeTests {
  /// A theme whose roles all differ from one another and from any hard-coded style: each role a
  /// colour of its own on a background of its own, with an attribute no other role has.
  static let probe: Theme = {
    func role(_ index: Int, _ style: Style = .plain) -> Style {
      var style = style
      style.foreground = .indexed(UInt8(20 + index))
      style.background = .indexed(UInt8(60 + index))
      return style
    }
    return Theme(
      name: "probe", text: role(0), muted: role(1, Style(dim: true)), accent: role(2, Style(bold: true)),
      selection: role(3, Style(reverse: true)), focus: role(4, Style(underline: .dashed)), error: role(5, Style(italic: true)),
      warning: role(6), success: role(7), border: role(8), title: role(9, Style(underline: .double)),
      cursor: role(10, Style(strikethrough: true)), borders: .double)
  }()

  /// What a component may draw with: the roles, and one role layered over another (a filter's
  /// match on the selected row), and blanks.
  static let allowed: Set<Style> = {
    var styles = Set(probe.roles)
    for top in probe.roles {
      for base in probe.roles { styles.insert(top.layered(over: base)) }
    }
    styles.insert(.plain)
    return styles
  }()

  func checkOnlyRoles(_ canvas: Canvas, _ what: String) {
    var seen: Set<Style> = []
    for row in 0..<canvas.rows {
      for column in 0..<canvas.columns {
        let style = canvas[column, row].style
        #expect(Self.allowed.contains(style), "\(what) drew (\(column), \(row)) in \(style), not a theme role")
        seen.insert(style)
      }
    }
    #expect(seen.count > 1, "\(what) drew nothing in the theme's roles")
  }

  func canvas() -> Canvas {
    var canvas = Canvas(columns: 40, rows: 8)
    canvas.theme = Self.probe
    return canvas
  }

  @Test func everyComponentDrawsOnlyWithTheThemesRoles() {
    var list = SelectionList.State(items: (1...20).map { ListItem("Item \($0)", description: "about \($0)") }, height: 6)
    var canvas = canvas()
    SelectionList.draw(list, in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "SelectionList")

    for key: Key in [.character("/"), .character("i"), .character("1")] {
      if let action = SelectionList.action(for: key, in: list) { _ = SelectionList().reduce(into: &list, action: action) }
    }
    canvas = self.canvas()
    SelectionList.draw(list, in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "SelectionList filtering")

    canvas = self.canvas()
    SelectionList.draw(SelectionList.State(items: [], height: 4), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "empty SelectionList")

    let rows = textRows([["apples", "3"], ["pears", "5"]])
    var table = Table.State(columns: [.text("Name", 0), .text("Qty", 1, width: .fixed(4))], rows: rows)
    canvas = self.canvas()
    Table.draw(table, rows: rows, in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Table")
    table.sort(byColumn: 1)
    table.filter("p")
    canvas = self.canvas()
    Table.draw(table, rows: rows, in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "sorted and filtered Table")

    canvas = self.canvas()
    TextInput.draw(TextInput.State(text: "hello"), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "TextInput")
    canvas = self.canvas()
    TextInput.draw(TextInput.State(placeholder: "your name"), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "TextInput placeholder")

    canvas = self.canvas()
    ProgressBar.draw(ProgressBar.State(fraction: 0.4), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "ProgressBar")

    for orientation in [BarChart.Orientation.horizontal, .vertical] {
      let bars = [BarChart.Bar("cpu", value: 4), BarChart.Bar("disk", value: -2, role: .error), BarChart.Bar("net", value: .nan)]
      canvas = self.canvas()
      BarChart.draw(BarChart.State(bars: bars, orientation: orientation), in: canvas.bounds, on: &canvas)
      checkOnlyRoles(canvas, "BarChart \(orientation)")
    }
    canvas = self.canvas()
    BarChart.draw(BarChart.State(), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "empty BarChart")
    canvas = self.canvas()
    Sparkline.draw(Sparkline.State(values: [1, 5, .nan, 3]), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Sparkline")
    canvas = self.canvas()
    Sparkline.draw(Sparkline.State(), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "empty Sparkline")

    canvas = self.canvas()
    Spinner.draw(Spinner.State(), in: canvas.bounds, on: &canvas)
    canvas.draw("x", atColumn: 5, row: 0, style: Self.probe.text)
    checkOnlyRoles(canvas, "Spinner")

    var viewport = Viewport.State(text: "one\ntwo\nthree")
    viewport.resize(width: 40, height: 8)
    canvas = self.canvas()
    Viewport.draw(viewport, in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Viewport")

    let keys = KeyMap<Int>([KeyBinding(.character("q"), action: 1, help: "quit"), KeyBinding(.up, action: 2, help: "up")])
    canvas = self.canvas()
    Help.drawShort(keys.helpLine(maxWidth: 40), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Help footer")
    canvas = self.canvas()
    Help.drawFull(Help.State(), entries: keys.helpEntries, title: "Keys", in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Help overlay")

    canvas = self.canvas()
    Block(title: "t", footer: "f").draw(in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Block")

    for (button, isFocused) in [(Button.State("Save"), false), (Button.State("Save"), true), (Button.State("Save", isEnabled: false), false)] {
      canvas = self.canvas()
      Button.draw(button, in: canvas.bounds, on: &canvas, isFocused: isFocused)
      checkOnlyRoles(canvas, "Button\(isFocused ? " focused" : "")\(button.isEnabled ? "" : " disabled")")
    }
    canvas = self.canvas()
    Dialog.draw(.confirm("Delete?", message: "It goes.", confirm: "Delete"), in: canvas.bounds, on: &canvas)
    checkOnlyRoles(canvas, "Dialog")
  }

  @Test func aThemeIsFoundByItsName() throws {
    for theme in Theme.builtIn { #expect(try Theme.named(theme.name) == theme) }
    #expect(throws: UnknownName(source: "--theme", value: "neon", allowed: ["default", "dark", "light", "mono"])) {
      try Theme.named("neon")
    }
  }

  @Test func monoHasNoColourAndDefaultOnlyTheANSIColours() {
    for role in Theme.mono.roles {
      #expect(role.foreground == .default && role.background == .default && role.underlineColor == .default)
    }
    for role in Theme.default.roles {
      for color in [role.foreground, role.background, role.underlineColor] {
        #expect(color == .default || color.ansiIndex != nil)
      }
    }
  }

  @Test func theLaunchChoosesMonoWithoutColour() {
    let clock = VirtualClock()
    #expect(TerminalLaunch(clock: clock).theme == .default)
    #expect(TerminalLaunch(clock: clock, colorProfile: .noColor).theme == .mono)
    #expect(TerminalLaunch(clock: clock, colorProfile: .noColor, theme: .dark).theme == .dark)
  }
}
