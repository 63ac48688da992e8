extension RandomAccessCollection where Element == Int, Index == Int {
  /// Among the first `count` elements (ascending starts: of lines, rows or matches), the index of
  /// the last one at or before `value`; 0 when none is. A binary search.
  func lastIndex(startingAtOrBefore value: Int, among count: Int) -> Int {
    var low = 0
    var high = count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if self[startIndex + middle] <= value { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
