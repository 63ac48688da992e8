/// The stopwatch's times are encoded as seconds (`1.25`), exact to the nanosecond, not as
/// `Duration`'s pair of integers: a trace of a running stopwatch stays readable.
private extension KeyedDecodingContainer {
  func decodeSeconds(forKey key: Key) throws -> Duration {
    let seconds = try decode(Double.self, forKey: key)
    guard seconds.isFinite, abs(seconds) < 9e9 else {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(seconds) is not a time in seconds")
    }
    return .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}

private extension KeyedEncodingContainer {
  mutating func encodeSeconds(_ duration: Duration, forKey key: Key) throws {
    let (seconds, attoseconds) = duration.components
    try encode(Double(seconds) + Double(attoseconds) / 1e18, forKey: key)
  }
}

extension StopwatchFeature.Lap: Codable {
  private enum CodingKeys: String, CodingKey {
    case number, total, split
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      number: try container.decode(Int.self, forKey: .number), total: try container.decodeSeconds(forKey: .total),
      split: try container.decodeSeconds(forKey: .split))
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(number, forKey: .number)
    try container.encodeSeconds(total, forKey: .total)
    try container.encodeSeconds(split, forKey: .split)
  }
}

extension StopwatchFeature.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case accumulated, startedAt, lastReading, laps
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    accumulated = try container.decodeSeconds(forKey: .accumulated)
    startedAt = try container.decodeNil(forKey: .startedAt) ? nil : try container.decodeSeconds(forKey: .startedAt)
    lastReading = try container.decodeSeconds(forKey: .lastReading)
    laps = try container.decode([StopwatchFeature.Lap].self, forKey: .laps)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeSeconds(accumulated, forKey: .accumulated)
    if let startedAt { try container.encodeSeconds(startedAt, forKey: .startedAt) } else { try container.encodeNil(forKey: .startedAt) }
    try container.encodeSeconds(lastReading, forKey: .lastReading)
    try container.encode(laps, forKey: .laps)
  }
}

extension StopwatchFeature.Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case toggle, lap, reset, tick
  }

  private enum TickKeys: String, CodingKey {
    case at
  }

  private enum NoKeys: CodingKey {}

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(.init(
        codingPath: container.codingPath, debugDescription: "a stopwatch action has exactly one case key"))
    }
    switch key {
    case .toggle: self = .toggle
    case .lap: self = .lap
    case .reset: self = .reset
    case .tick:
      self = .tick(at: try container.nestedContainer(keyedBy: TickKeys.self, forKey: .tick).decodeSeconds(forKey: .at))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .toggle: _ = container.nestedContainer(keyedBy: NoKeys.self, forKey: .toggle)
    case .lap: _ = container.nestedContainer(keyedBy: NoKeys.self, forKey: .lap)
    case .reset: _ = container.nestedContainer(keyedBy: NoKeys.self, forKey: .reset)
    case .tick(let instant):
      var values = container.nestedContainer(keyedBy: TickKeys.self, forKey: .tick)
      try values.encodeSeconds(instant, forKey: .at)
    }
  }
}
