import Testing
import TideTerminal

@Suite("String.forEachCluster")
struct ClusterIterationTests {
  @Test func givesEachClusterWithItsDisplayWidthInOrder() {
    let text = "a漢🇯🇵e\u{301}👨‍👩‍👧\tz"
    var clusters: [(String, Int)] = []
    text.forEachCluster { range, width in
      clusters.append((String(text[range]), width))
      return true
    }
    #expect(clusters.map(\.0) == ["a", "漢", "🇯🇵", "e\u{301}", "👨‍👩‍👧", "\t", "z"])
    #expect(clusters.map(\.1) == text.map(\.displayWidth))
    #expect(clusters.map(\.1) == [1, 2, 2, 1, 2, 0, 1])
  }

  @Test func stopsWhenTheBodySaysSo() {
    var seen = 0
    "abcdef".forEachCluster { _, _ in
      seen += 1
      return seen < 3
    }
    #expect(seen == 3)
  }
}
