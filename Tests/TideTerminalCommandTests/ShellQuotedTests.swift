import Foundation
import Testing
import TideTestSupport

import TideTerminal

/// The command a recording's header gives is one line of the script whatever the paths hold
/// (issue 37, finding 7's sibling: a name with a line break broke the header's comment, and the
/// rest of the name became a script line), and the shell reads every word back as it was.
@Suite struct ShellQuotedTests {
  static let words = [
    "plain.keys", "with space", "it's", "line\nbreak", "esc\u{1B}[31m", "tab\there", "back\\slash'\n", "del\u{7F}",
    "next-line\u{85}", "é ü", "",
  ]

  @Test(arguments: words)
  func aWordStaysOnOneLineAndReadsBackAsItWas(word: String) async throws {
    let quoted = shellQuoted(word)
    #expect(!quoted.unicodeScalars.contains { $0.properties.generalCategory == .control }, "no control character: \(quoted)")
    let bash = try #require(["/bin/bash", "/usr/bin/bash"].first { FileManager.default.isExecutableFile(atPath: $0) })
    let result = try await runProcess(bash, ["-c", "printf '%s' " + quoted])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == word, "\(quoted) read back as \(result.stdout.debugDescription)")
  }
}
