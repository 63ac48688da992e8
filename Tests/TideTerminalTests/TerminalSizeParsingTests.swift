import Testing
import TideTerminal

/// One parser for sizes: a script's `resize` and the command line's `--size` accept the same texts.
@Suite struct TerminalSizeParsingTests {
  @Test(arguments: [("80x24", 80, 24), ("1x1", 1, 1), ("1000x1000", 1000, 1000), ("080x024", 80, 24)])
  func validSizes(text: String, columns: Int, rows: Int) throws {
    #expect(try TerminalSize(parsing: text) == TerminalSize(columns: columns, rows: rows))
    #expect(
      try KeyScript(parsing: "resize \(text)").steps.first?.command
        == .resize(TerminalSize(columns: columns, rows: rows)))
  }

  @Test(arguments: ["80xx24", "+80x24", "80x+24", "80x-24", "x24", "80x", "80X24", "80 x24", "８0x24", "", "80x24x1", "0x80x24"])
  func malformedSizes(text: String) {
    #expect(throws: TerminalSizeParsingError(message: "invalid size '\(text)' (expected COLUMNSxROWS, e.g. 100x30)")) {
      try TerminalSize(parsing: text)
    }
  }

  @Test(arguments: ["1001x24", "80x1001", "0x24", "80x0", "99999999999999999999999x1"])
  func outOfRangeSizesStateTheLimits(text: String) {
    #expect(throws: TerminalSizeParsingError(message: "size '\(text)' is out of range (1x1 to 1000x1000)")) {
      try TerminalSize(parsing: text)
    }
  }

  @Test func resizeReportsTheSameMessageAtTheArgument() {
    #expect(throws: KeyScriptError(
      file: "r.keys", line: 1, column: 8, message: "invalid size '80xx24' (expected COLUMNSxROWS, e.g. 100x30)")
    ) {
      try KeyScript(parsing: "resize 80xx24", file: "r.keys")
    }
  }
}
