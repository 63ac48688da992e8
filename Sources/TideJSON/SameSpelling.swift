#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether `a` and `b` are the same value to the bit, so they encode to the same JSON text.
///
/// A trace reuses the JSON of an action or a part of the state when it is unchanged, and `==`
/// does not say that: it calls canonically equivalent texts equal ("é" as one scalar and as
/// e + U+0301) and 0.0 equal to -0.0, which encode differently. Equal bits do: the values are
/// alive here, so a reference they hold (a string's or an array's storage) is to the same
/// storage, which nothing mutates while both share it, and inline values are the same bytes.
/// Unequal bits may still be equal values (two buffers holding the same text, or padding
/// left over from a copy): that only costs an encoding the cache could have saved.
package func isSameSpelling<Value>(_ a: Value, _ b: Value) -> Bool {
  let size = MemoryLayout<Value>.size
  guard size > 0 else { return true }
  return withUnsafeBytes(of: a) { a in
    withUnsafeBytes(of: b) { b in memcmp(a.baseAddress!, b.baseAddress!, size) == 0 }
  }
}
