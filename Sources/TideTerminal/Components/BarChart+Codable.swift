/// A chart is saved as its bars, orientation, range and empty text, and restored exactly: for an
/// app whose state is written to a trace or a file (an app with a chart gets `--trace`). A value
/// JSON has no number for — not a number, or infinite, which a chart shows as `NaN` and `∞` — is
/// written as the string `nan`, `inf` or `-inf`.
extension BarChart.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case bars, orientation, range, emptyText
  }

  /// Restores a chart as it was encoded.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var range: ClosedRange<Double>?
    if let bounds = try container.decodeIfPresent([ChartValue].self, forKey: .range) {
      guard bounds.count == 2, bounds[0].value <= bounds[1].value else {
        throw DecodingError.dataCorruptedError(
          forKey: .range, in: container, debugDescription: "a range is two numbers, the lower first")
      }
      range = bounds[0].value...bounds[1].value
    }
    self.init(
      bars: try container.decode([BarChart.Bar].self, forKey: .bars),
      orientation: try container.decode(BarChart.Orientation.self, forKey: .orientation), range: range,
      emptyText: try container.decode(String.self, forKey: .emptyText))
  }

  /// Encodes the bars, the orientation, the range as `[lower, upper]` (none when `nil`) and the
  /// empty text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bars, forKey: .bars)
    try container.encode(orientation, forKey: .orientation)
    try container.encodeIfPresent(range.map { [ChartValue($0.lowerBound), ChartValue($0.upperBound)] }, forKey: .range)
    try container.encode(emptyText, forKey: .emptyText)
  }
}

extension BarChart.Bar: Codable {
  private enum CodingKeys: String, CodingKey {
    case label, value, role, valueLabel
  }

  /// Restores a bar as it was encoded.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(String.self, forKey: .label), value: try container.decode(ChartValue.self, forKey: .value).value,
      role: try container.decodeIfPresent(Theme.Role.self, forKey: .role),
      valueLabel: try container.decodeIfPresent(String.self, forKey: .valueLabel))
  }

  /// Encodes the label, the value (a string when it is not a finite number), and the role and
  /// the value's text when there are.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encode(ChartValue(value), forKey: .value)
    try container.encodeIfPresent(role, forKey: .role)
    try container.encodeIfPresent(valueLabel, forKey: .valueLabel)
  }
}

/// An action is encoded as Swift encodes enums: `{"setBars":{"_0":[…]}}`.
extension BarChart.Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case setBars
  }

  private enum ValueKeys: String, CodingKey {
    case value = "_0"
  }

  /// Decodes an action encoded by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let values = try container.nestedContainer(keyedBy: ValueKeys.self, forKey: .setBars)
    self = .setBars(try values.decode([BarChart.Bar].self, forKey: .value))
  }

  /// Encodes the action as its case key, with its bars under `_0`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .setBars(let bars):
      var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .setBars)
      try values.encode(bars, forKey: .value)
    }
  }
}

/// A chart's number as JSON can hold it: a number when finite, else `nan`, `inf` or `-inf`.
private struct ChartValue: Codable {
  var value: Double

  init(_ value: Double) { self.value = value }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      value = number
      return
    }
    switch try container.decode(String.self) {
    case "nan": value = .nan
    case "inf": value = .infinity
    case "-inf": value = -.infinity
    case let text:
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a number, nan, inf or -inf")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if value.isFinite {
      try container.encode(value)
    } else {
      try container.encode(value.isNaN ? "nan" : value > 0 ? "inf" : "-inf")
    }
  }
}
