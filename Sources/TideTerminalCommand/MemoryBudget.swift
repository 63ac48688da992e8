import ArgumentParser
import TideTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts and sizes from the command line, checked against what the process can allocate, so
/// that `--items 2147483648` is a usage error (status 2, naming the option) instead of an abort
/// ("failed to allocate 68719476768 bytes") after the terminal was taken over.
///
/// Call it from the options' `validate()` for every count that sizes what the app allocates:
///
/// ```swift
/// struct ListOptions: ParsableArguments {
///   @Option var items = 50
///
///   func validate() throws {
///     guard items >= 0 else { throw ValidationError("--items must be 0 or more") }
///     try MemoryBudget.check("--items", count: items, bytesEach: MemoryLayout<ListItem>.stride)
///   }
/// }
/// ```
///
/// `bytesEach` is the least one element takes (its stride); the check refuses a count whose
/// elements alone would not fit in ``available``, so a count that passes may still be slow to
/// build, but never ends the process from inside the allocator.
public enum MemoryBudget {
  /// The bytes this process may still allocate: the machine's physical memory, or less where
  /// the address-space or data-segment limit (`ulimit -v`, `ulimit -d`) says so — less what the
  /// process has mapped already, which counts against the limit too.
  public static var available: Int {
    var bytes = Int.max
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    if pages > 0, pageSize > 0 {
      let (product, overflow) = pages.multipliedReportingOverflow(by: pageSize)
      if !overflow { bytes = product }
    }
    for resource in [RLIMIT_AS, RLIMIT_DATA] {
      var limit = rlimit()
      #if canImport(Glibc)
      let got = getrlimit(__rlimit_resource_t(resource.rawValue), &limit)
      #else
      let got = getrlimit(resource, &limit)
      #endif
      if got == 0, limit.rlim_cur < UInt(bytes) {  // unlimited is the largest value
        bytes = max(0, Int(limit.rlim_cur) - mappedBytes)
      }
    }
    return bytes
  }

  /// Throws a `ValidationError` naming `option` when `count` elements of `bytesEach` bytes
  /// would not fit twice in ``available`` memory — the array being built and the copy or growth
  /// that building a state from it takes: `--items 2147483648 needs at least 128 GiB, and this
  /// process can have 23 GiB`.
  public static func check(_ option: String, count: Int, bytesEach: Int) throws {
    let (elements, elementsOverflow) = max(0, count).multipliedReportingOverflow(by: max(1, bytesEach))
    let (needed, twiceOverflow) = elements.multipliedReportingOverflow(by: 2)
    let overflow = elementsOverflow || twiceOverflow
    let available = available
    guard overflow || needed > available else { return }
    let need = overflow ? "more memory than can be counted" : "at least \(describe(bytes: needed))"
    throw ValidationError("\(option) \(count) needs \(need), and this process can have \(describe(bytes: available))")
  }

  /// The process's mapped address space now (`/proc/self/statm`'s first field), 0 where unknown.
  private static var mappedBytes: Int {
    guard let bytes = try? FileContents.read(atPath: "/proc/self/statm", atMost: 4096),
      let pages = Int(String(decoding: bytes.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self))
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// `64 GiB`, `512 MiB`, `100 KiB`: rounded down to the largest unit it reaches.
  static func describe(bytes: Int) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var value = bytes
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return "\(value) \(units[unit])"
  }
}
