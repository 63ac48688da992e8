import Testing

@testable import TideTerminal

@Suite("ASCII blocks")
struct ASCIIBlocksTests {
  func ascii(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { Unicode.Scalar(ASCIIBlocks.replacement(for: $0.value) ?? $0.value)! }))
  }

  @Test func blocksBecomeASCIIOfAboutTheirShape() {
    #expect(ascii("█████▌░░░░  50%") == "######....  50%")
    #expect(ascii("▁▂▃▄▅▆▇█") == "__.--==#")
    #expect(ascii("▏▎▍▌▋▊▉") == "|||####")
    #expect(ascii("▔▀▕▐▒▓") == "\"\"|#:#")
    #expect(ascii("─│┌ab") == "─│┌ab")
    #expect(ASCIIBlocks.replacement(for: 0x257F) == nil && ASCIIBlocks.replacement(for: 0x25A0) == nil)
  }

  /// A table's sort marks, `Size ▲` and `Size ▼`, read `Size ^` and `Size v`.
  @Test func sortMarksBecomeACaretAndAV() {
    #expect(ascii("Size ▲ Name ▼") == "Size ^ Name v")
    #expect(ASCIIBlocks.replacement(for: 0x25B3) == nil)
  }
}
