/// How a ``TextArea`` turns text into lines: a text it is given (a file, kept exactly as it
/// is) and a text pasted into it (filtered as typing is). Both go over the bytes once and build
/// `Character`s only where they must, so 100,000 lines open and 10,000 lines paste in a few
/// milliseconds.
enum TextLines {
  /// The lines of `text` split at its line feeds in one pass over its bytes, and its line
  /// ending: `\r\n` when its first line break is (the `\r` before each line feed then taken
  /// off), else `\n`.
  static func lines(of text: String) -> (lines: [String], lineEnding: String) {
    var text = text
    return text.withUTF8 { bytes in
      var lines: [String] = []
      var start = 0
      var crlf: Bool?
      for index in bytes.indices where bytes[index] == 0x0A {
        let isCRLF = index > start && bytes[index - 1] == 0x0D
        if crlf == nil { crlf = isCRLF }
        let end = crlf == true && isCRLF ? index - 1 : index
        lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        start = index + 1
      }
      lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
      return (lines, crlf == true ? "\r\n" : "\n")
    }
  }

  /// The lines a paste of `text` inserts: broken at every line break (`\n`, `\r\n`, `\r`,
  /// U+2028…), tabs kept, other control and format characters dropped. The text is split at
  /// its ASCII line breaks byte by byte (a control character is a grapheme cluster of its own,
  /// so this is where Characters break too); a piece of printable ASCII and tabs is taken as it
  /// is, and only the others are read by grapheme cluster: a 10,000-line paste of code is one
  /// quick pass, whatever a few of its lines hold.
  static func pastedLines(_ text: String) -> [String] {
    var lines: [String] = []
    var text = text
    text.withUTF8 { bytes in
      func take(_ range: Range<Int>) {
        let piece = UnsafeBufferPointer(rebasing: bytes[range])
        if piece.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) {
          lines.append(String(decoding: piece, as: UTF8.self))
          return
        }
        var line = ""
        for character in String(decoding: piece, as: UTF8.self) {
          if character.isNewline {
            lines.append(line)
            line = ""
          } else if character == "\t" || TypedCharacters.isTypeable(character) {
            line.append(character)
          }
        }
        lines.append(line)
      }
      var start = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
          take(start..<index)
          if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
          start = index + 1
        }
        index += 1
      }
      take(start..<bytes.count)
    }
    return lines
  }
}
