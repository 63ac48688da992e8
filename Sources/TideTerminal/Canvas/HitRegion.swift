/// A part of a frame that says what a pointer event there means: marked while drawing (see
/// ``Canvas/addHitRegion(_:handler:)``), kept by the runtime, with the others of the last frame
/// drawn, until the next frame.
package struct HitRegion: Sendable {
  /// The cells the region takes pointer events in: its rectangle within the clip rectangle in
  /// force when it was marked.
  package let rect: Rect
  /// The rectangle as marked; a handler's coordinates count from its top left corner.
  package let origin: Rect
  /// What an event means; `nil` for a region that covers what lies below (an overlay).
  let response: Response?

  /// What a region makes of a pointer event: its value, or `nil` to let the event through to
  /// what lies below. The common kinds are values, not closures: a frame marks its buttons and
  /// rows again each time it is drawn, and a closure for each was an allocation each.
  enum Response: Sendable {
    /// A press of the primary button sends the value.
    case press(any Sendable)
    /// The wheel sends `up` or `down` for each notch.
    case wheel(up: any Sendable, down: any Sendable)
    /// A handler works the value out from the event.
    case handler(@Sendable (PointerEvent) -> (any Sendable)?)

    func value(for event: PointerEvent) -> (any Sendable)? {
      switch self {
      case .press(let value): event.isPrimaryPress ? value : nil
      case .wheel(let up, let down):
        switch event.kind {
        case .scrollUp: up
        case .scrollDown: down
        default: nil
        }
      case .handler(let handler): handler(event)
      }
    }
  }
}

/// The hit regions of one frame, indexed by row, to find the region under a pointer event.
///
/// Regions marked later lie above those marked before, as later drawing covers earlier drawing.
/// A press is routed to the topmost region under it; a region whose handler returns `nil` lets
/// the event through to the next region below, and a covering region (an overlay) stops it.
/// Finding the region looks only at the regions that cross the event's row.
package struct HitMap: Sendable {
  private let regions: [HitRegion]
  /// Region indices by row, topmost first: row `r`'s are `indices[rowStarts[r]..<rowStarts[r + 1]]`.
  private let rowStarts: [Int32]
  private let indices: [Int32]

  /// The map of `canvas`'s hit regions.
  package init(_ canvas: Canvas) {
    self.init(regions: canvas.hitRegions, rows: canvas.rows)
  }

  init(regions: [HitRegion], rows: Int) {
    self.regions = regions
    var counts = [Int32](repeating: 0, count: rows + 1)
    for region in regions {
      for row in region.rect.row..<region.rect.endRow { counts[row + 1] += 1 }
    }
    for row in 0..<rows { counts[row + 1] += counts[row] }
    var next = counts
    var indices = [Int32](repeating: 0, count: Int(counts[rows]))
    for index in regions.indices.reversed() {
      let rect = regions[index].rect
      for row in rect.row..<rect.endRow {
        indices[Int(next[row])] = Int32(index)
        next[row] += 1
      }
    }
    self.rowStarts = counts
    self.indices = indices
  }

  /// The number of regions.
  package var count: Int { regions.count }

  /// What `event` means: the value the topmost region under it gives for it, with the event's
  /// coordinates counted from that region's top left corner; `nil` when no region takes it.
  package func target(of event: PointerEvent) -> (any Sendable)? {
    guard event.row >= 0, event.row < rowStarts.count - 1 else { return nil }
    for position in Int(rowStarts[event.row])..<Int(rowStarts[event.row + 1]) {
      let region = regions[Int(indices[position])]
      guard region.rect.contains(column: event.column, row: event.row) else { continue }
      guard let response = region.response else { return nil }
      if let target = response.value(for: event.relative(to: region.origin)) { return target }
    }
    return nil
  }
}

extension Canvas {
  /// Marks `rect` (within the clip rectangle) with what a pointer event there means: `handler`
  /// gets the event, its coordinates counted from `rect`'s top left corner, and returns the
  /// action for it, or `nil` to let the event through to the region below (a row that takes
  /// presses lets the wheel through to its list).
  ///
  /// The runtime keeps the regions of the last frame drawn and sends the action of the topmost
  /// region under each pointer event, so a view says what its parts mean where it draws them
  /// and does no coordinate arithmetic. The action is of the app's `Action` type, or, inside
  /// ``withActionScope(_:_:)``, of the scope's child action type, which the scope embeds in the
  /// app's. A handler of another type is reported when the region is marked (`reportIssue` in
  /// debug builds and tests), and one that returns `any Sendable` when it returns a value of
  /// another type: a press that cannot reach the app is never ignored silently.
  public mutating func addHitRegion<Target: Sendable>(
    _ rect: Rect, handler: @escaping @Sendable (PointerEvent) -> Target?
  ) {
    guard let scope = actionScope else {
      appendHitRegion(rect, response: .handler { handler($0) })
      return
    }
    if ObjectIdentifier(Target.self) == ObjectIdentifier((any Sendable).self) {
      // The type is known only from the value: checked, and reported, at each event.
      appendHitRegion(rect, response: .handler { event in
        handler(event).flatMap { scope.appAction(for: $0) }
      })
      return
    }
    guard scope.acceptsType(Target.self) else {
      scope.reportMismatch(sending: String(reflecting: Target.self), what: "A hit region")
      return
    }
    appendHitRegion(rect, response: .handler { handler($0).flatMap { scope.lift($0) } })
  }

  /// Marks `rect` so that a press of the primary button there sends `action` (other events go
  /// through to the region below). `action` is checked as ``addHitRegion(_:handler:)``'s are.
  public mutating func addHitRegion(_ rect: Rect, onPress action: some Sendable) {
    guard let target = appActionWhenDrawn(action) else { return }
    appendHitRegion(rect, response: .press(target))
  }

  /// Marks `rect` so that the wheel sends `up` or `down` for each notch and presses go through
  /// to the region below: a scrolling component's region, its actions checked when drawn.
  package mutating func addWheelRegion(_ rect: Rect, up: any Sendable, down: any Sendable) {
    guard let up = appActionWhenDrawn(up), let down = appActionWhenDrawn(down) else { return }
    appendHitRegion(rect, response: .wheel(up: up, down: down))
  }

  /// The app's action for `value` sent from a region marked here, or `nil`, reported, when it
  /// cannot reach the app; `value` itself on a canvas drawn outside an app.
  private func appActionWhenDrawn<Value: Sendable>(_ value: Value) -> (any Sendable)? {
    guard let scope = actionScope else { return value }
    // A value of the scope's type is known by its static type: the check from the value itself
    // is a dynamic type lookup, for each region of each frame.
    if scope.acceptsType(Value.self) { return scope.lift(value) }
    return scope.appAction(for: value)
  }

  /// Marks `rect` as covering what lies below: an overlay or a modal, whose own regions (marked
  /// after this) take presses above what it covers, and whose other cells take them from
  /// nothing below.
  public mutating func coverHitRegions(_ rect: Rect) {
    appendHitRegion(rect, response: nil)
  }

  /// Checks, while drawing, that `value` — a component's action as its `sending` function embeds
  /// it — can be sent from here, for a component whose regions compute their values only when an
  /// event comes: a mistake is then reported when drawn, not at the first click.
  package func checkActionReachesApp(_ value: any Sendable) {
    _ = appActionWhenDrawn(value)
  }
}
