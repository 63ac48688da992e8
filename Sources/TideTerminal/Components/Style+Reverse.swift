extension Style {
  /// The style with foreground and background swapped once more: how a cursor cell is drawn.
  var toggledReverse: Style {
    var style = self
    style.reverse.toggle()
    return style
  }
}
