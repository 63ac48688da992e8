/// A spelling of at most 16 bytes held in two words (an input's `key":"pgdn`): compared with
/// another in two comparisons, where bytes in an array cost a call to `memcmp` and the array's
/// reference count.
struct ShortSpelling: Equatable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  private var count = 0

  /// `bytes` held, or `nil` for more than 16 of them.
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count <= 16 else { return nil }
    count = bytes.count
    withUnsafeMutableBytes(of: &low) { low in
      withUnsafeMutableBytes(of: &high) { high in
        for index in 0..<bytes.count {
          if index < 8 { low[index] = bytes[index] } else { high[index - 8] = bytes[index] }
        }
      }
    }
  }
}
