/// Where text drawn in a ``Canvas`` links to: a ``Style`` with a ``Style/link`` makes its cells
/// a hyperlink the terminal opens on a click (OSC 8, in iTerm2, kitty, WezTerm, foot, GNOME
/// Terminal and most others of today; elsewhere the text shows as it is), and an SVG export an
/// `<a href>` around them.
///
/// ```swift
/// var style = canvas.theme.accent
/// style.link = Hyperlink("https://example.com/issues/40")
/// canvas.draw("issue 40", atColumn: 2, row: 1, style: style)
/// ```
///
/// Only `http`, `https` and `file` URLs are links: what a click may open is a web page or a
/// file, never a command of another scheme. The URL is checked when the link is made, so no
/// escape reaches the terminal through it: one with a control character is refused, and
/// spaces and other characters outside printable ASCII are percent-encoded (`%20`), as OSC 8
/// and XML both need.
public struct Hyperlink: Hashable, Sendable {
  /// The URL: printable ASCII only, its scheme `http`, `https` or `file`.
  public let url: String

  /// The schemes a link may have.
  static let schemes: Set<String> = ["http", "https", "file"]
  /// The longest URL a link may have, encoded: terminals drop longer ones (VTE's limit).
  static let maximumLength = 2083

  /// A link to `url`, or `nil` when it is not an `http`, `https` or `file` URL, holds a
  /// control character, or is longer than 2083 bytes once encoded. Characters outside printable
  /// ASCII are percent-encoded as UTF-8.
  public init?(_ url: String) {
    guard let colon = url.firstIndex(of: ":"), url.index(after: colon) != url.endIndex,
      Self.schemes.contains(url[..<colon].lowercased())
    else { return nil }
    var encoded = ""
    for scalar in url.unicodeScalars {
      if WindowTitle.isControl(scalar) { return nil }
      if (0x21...0x7E).contains(scalar.value) {
        encoded.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 {
          encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      }
    }
    guard encoded.utf8.count <= Self.maximumLength else { return nil }
    self.url = encoded
  }

  /// `OSC 8 ; ; url ST`: the cells written after it link to ``url``.
  var openSequence: String { "\u{1B}]8;;" + url + "\u{1B}\\" }

  /// `OSC 8 ; ; ST`: the cells written after it link nowhere.
  static let closeSequence = "\u{1B}]8;;\u{1B}\\"
}
