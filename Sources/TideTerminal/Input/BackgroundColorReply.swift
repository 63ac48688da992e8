#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's answer to OSC 11's query of its background colour, `ESC ] 11 ; ? ESC \`: the
/// body of the OSC string it sends back (``TerminalString``, ended by BEL or ST), such as
/// `11;rgb:1c1c/1c1c/1c1c`.
///
/// The colour is `rgb:R/G/B` with 1 to 4 hex digits a channel, each scaled by its own width
/// (`f`, `ff`, `fff` and `ffff` are all full), as XParseColor reads it; xterm, VTE, kitty,
/// iTerm2, WezTerm and tmux answer so. The reply is light when the colour's relative luminance
/// (WCAG's, of sRGB: 0.2126 R + 0.7152 G + 0.0722 B of the linear channels) is over 0.5 —
/// a white or a pale theme's paper, not a mid grey — and dark otherwise.
struct BackgroundColorReply: Equatable {
  /// The colour's channels, from 0 to 1.
  let red: Double
  let green: Double
  let blue: Double

  /// The body of the OSC string that answers the query: `11;` and the colour.
  static let prefix = Array("11;".utf8)

  /// The query, written once to the terminal: OSC 11 with `?`, ended by ST.
  static let query = "\u{1B}]11;?\u{1B}\\"

  /// The reply an OSC body holds, or `nil` when it is not a reply to the query (another OSC, or
  /// 11 with something other than an `rgb:` colour in it).
  init?(body: [UInt8]) {
    guard body.starts(with: Self.prefix) else { return nil }
    let text = Substring(decoding: body[Self.prefix.count...], as: UTF8.self)
    guard text.hasPrefix("rgb:") else { return nil }
    let channels = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
    guard channels.count == 3 else { return nil }
    var values: [Double] = []
    for channel in channels {
      guard (1...4).contains(channel.count), channel.allSatisfy(\.isHexDigit), let value = Int(channel, radix: 16) else {
        return nil
      }
      values.append(Double(value) / Double((1 << (4 * channel.count)) - 1))
    }
    red = values[0]
    green = values[1]
    blue = values[2]
  }

  /// The colour's relative luminance, 0 (black) to 1 (white).
  var luminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The background this colour is.
  var background: TerminalBackground {
    luminance > 0.5 ? .light : .dark
  }
}
