/// A name given for one of a fixed set of choices that is none of them: an unknown
/// `TIDE_COLOR`, `--color`, `--theme` or `--background` value. Its description names the
/// allowed values; the command exits with status 2 on it.
package struct UnknownName: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the name came from: an option (`--theme`) or an environment variable (`TIDE_COLOR`).
  package var source: String
  /// The name given.
  package var value: String
  /// The names that are allowed, in the order to show them.
  package var allowed: [String]

  /// An unknown `value` for `source`, which allows `allowed`.
  package init(source: String, value: String, allowed: [String]) {
    self.source = source
    self.value = value
    self.allowed = allowed
  }

  /// `TIDE_COLOR: unknown value 'blue' (allowed: none, 16, 256, truecolor)`.
  package var description: String {
    "\(source): unknown value '\(value)' (allowed: \(allowed.joined(separator: ", ")))"
  }
}
