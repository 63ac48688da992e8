/// Option values that start with a minus sign, such as `--items -5` or `--size -5x3`.
///
/// ArgumentParser reads a word starting with `-` after an option as the next option, so
/// `--items -5` failed with "Missing value for '--items'", which hides what is wrong: the value
/// is there, and it is negative. A word that starts with `-` and then a digit (or `.` and a
/// digit) cannot name an option, so it is handed to the option before it as its value
/// (`--items=-5`): the app's own validation then says plainly what is wrong with it ("--items
/// must be 0 or more"), or takes it where a negative number is meaningful. Every form and
/// subcommand of a ``TerminalCommand`` gets its arguments through here, so this holds for every
/// numeric option, the app's and the command's own alike.
enum NegativeNumberValues {
  /// `arguments` with each negative-number word after a `--name` option joined to it as
  /// `--name=VALUE`; nothing after a `--` (which ends the options) is changed.
  static func attached(_ arguments: [String]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(arguments.count)
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let word = arguments[index]
      if word == "--" {
        result.append(contentsOf: arguments[index...])
        break
      }
      let next = arguments.index(after: index)
      if isLongOptionWithoutValue(word), next < arguments.endIndex, isNegativeNumber(arguments[next]) {
        result.append(word + "=" + arguments[next])
        index = arguments.index(after: next)
        continue
      }
      result.append(word)
      index = next
    }
    return result
  }

  /// `--name`, without an `=VALUE` of its own.
  private static func isLongOptionWithoutValue(_ word: String) -> Bool {
    word.count > 2 && word.hasPrefix("--") && word.firstIndex(of: "=") == nil
  }

  /// `-` then a digit, or `-.` then a digit: a number, never an option's name.
  static func isNegativeNumber(_ word: String) -> Bool {
    var characters = word.unicodeScalars.makeIterator()
    guard characters.next() == "-" else { return false }
    var first = characters.next()
    if first == "." { first = characters.next() }
    guard let first else { return false }
    return ("0"..."9").contains(first)
  }
}
