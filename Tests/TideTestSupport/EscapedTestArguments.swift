import Testing

// Test arguments are printed in the test log: control characters in them (a bell, an escape,
// a newline) would reach the terminal running `make test` raw. Shown escaped instead. (String's own
// conformance prints them raw: tests do not take strings with control characters as arguments.)
extension Character: @retroactive CustomTestStringConvertible {
  public var testDescription: String { String(self).debugDescription }
}
