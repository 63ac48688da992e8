import Testing
import Tide
import TideTerminal
import TideTesting

/// Tree: nodes opened and closed by keys and clicks, children asked for through an action the
/// parent answers, the selection kept by identity, the list's filter, window and clamping.
@Suite("Tree")
struct TreeTests {
  typealias Node = Tree<String>.Node

  static let roots = [
    Node(id: "/a", title: "a", hasChildren: true), Node(id: "/b", title: "b", hasChildren: true), Node(id: "/c", title: "c"),
  ]

  func drawn(_ state: Tree<String>.State, columns: Int, rows: Int, sending: (@Sendable (Tree<String>.Action) -> any Sendable)? = nil) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    Tree.draw(state, in: canvas.bounds, on: &canvas, sending: sending)
    return canvas
  }

  @MainActor
  @Test func openingANodeAsksForItsChildrenOnceAndShowsThemWhenSet() async {
    let store = TestStore(initialState: Tree.State(roots: Self.roots, height: 10), reducer: Tree<String>())
    // The rows and the list under them are checked by what they show, below.
    store.exhaustivity = .off
    await store.send(.expand)
    await store.receive(.loadChildren("/a"))
    #expect(store.state.loading == ["/a"])
    #expect(drawn(store.state, columns: 20, rows: 5).text(ofRow: 1).contains("▾ a loading…"))
    await store.send(.setChildren(of: "/a", [Node(id: "/a/1", title: "one"), Node(id: "/a/2", title: "two")]))
    #expect(store.state.rows.map(\.node.title) == ["a", "one", "two", "b", "c"])
    #expect(store.state.rows.map(\.depth) == [0, 1, 1, 0, 0])
    #expect(store.state.loading.isEmpty)
    // → on an open node goes to its first child; ← from a child goes to its parent.
    await store.send(.expand)
    #expect(store.state.selectedNode?.id == "/a/1")
    await store.send(.collapse)
    #expect(store.state.selectedNode?.id == "/a")
    await store.send(.collapse)
    #expect(store.state.rows.count == 3)
    // Opened again: its children are known, nothing is asked for.
    await store.send(.toggle(position: 0))
    #expect(store.state.rows.count == 5)
    await store.send(.press(position: 2))
    await store.send(.press(position: 2))
    await store.receive(.choose)
    await store.finish()
  }

  @Test func theKeysAreListedForHelpAndSpaceTogglesTheSelectedRow() {
    var state = Tree.State(roots: Self.roots)
    state.select(position: 1)
    let keys = Tree<String>.keys(for: state)
    #expect(keys.action(for: .right) == .expand)
    #expect(keys.action(for: .left) == .collapse)
    #expect(keys.action(for: .character(" ")) == .toggle(position: 1))
    #expect(keys.action(for: .enter) == .choose)
    #expect(keys.action(for: .character("/")) == .startFiltering)
    #expect(keys.helpLine(maxWidth: 80).contains("open"))
  }

  @Test func collapsingAnAncestorSelectsItAndTheSelectionIsKeptByIdentity() {
    var state = Tree.State(roots: Self.roots)
    _ = Tree<String>().reduce(into: &state, action: .expand)
    state.setChildren(of: "/a", [Node(id: "/a/1", title: "one"), Node(id: "/a/2", title: "two")])
    let found = state.select(id: "/a/2")
    #expect(found)
    // New roots before it: it keeps its node.
    state.setRoots([Node(id: "/0", title: "zero")] + Self.roots)
    #expect(state.selectedNode?.id == "/a/2")
    #expect(state.cursor == 3)
    // Its parent closes: the parent is selected.
    _ = Tree<String>().reduce(into: &state, action: .toggle(position: 1))
    #expect(state.selectedNode?.id == "/a")
    // The selected node goes: the one now at its place is selected.
    state.setRoots([Node(id: "/0", title: "zero"), Node(id: "/c", title: "c")])
    #expect(state.selectedNode?.id == "/c")
    state.setRoots([])
    #expect(state.selectedNode == nil)
  }

  @Test func theFilterMatchesTheRowsShown() {
    var state = Tree.State(roots: Self.roots, height: 10)
    let tree = Tree<String>()
    _ = tree.reduce(into: &state, action: .expand)
    state.setChildren(of: "/a", [Node(id: "/a/1", title: "apple"), Node(id: "/a/2", title: "berry")])
    _ = tree.reduce(into: &state, action: .startFiltering)
    for character in "rr" { _ = tree.reduce(into: &state, action: .query(.insert(character))) }
    #expect(state.status == "1 of 5")
    #expect(state.selectedNode?.id == "/a/2")
    #expect(Tree<String>.action(for: .character("x"), in: state) == .query(.insert("x")))
    // The match is highlighted in the row, `  ` of indent, the triangle's column and a space before it.
    let canvas = drawn(state, columns: 20, rows: 4)
    #expect(canvas.text(ofRow: 1).hasPrefix("    berry"))
    #expect(canvas[4, 1].style == Theme.default.selection)
    #expect(canvas[6, 1].style == Theme.default.accent.layered(over: Theme.default.selection))
    _ = tree.reduce(into: &state, action: .clearFilter)
    #expect(state.status == "5 items")
    #expect(state.selectedNode?.id == "/a/2")
  }

  @Test func clicksOnTheTriangleToggleAndOnTheRowSelect() {
    var state = Tree.State(roots: Self.roots, height: 5)
    state.select(position: 2)
    let map = HitMap(drawn(state, columns: 20, rows: 5, sending: { "tree \($0)" }))
    // Row 1 is the status; `▸ a` is row 1, its triangle column 0.
    #expect(map.target(of: PointerEvent(.press(.left), column: 0, row: 1)) as? String == "tree toggle(position: 0)")
    #expect(map.target(of: PointerEvent(.press(.left), column: 5, row: 1)) as? String == "tree press(position: 0)")
    #expect(map.target(of: PointerEvent(.scrollDown, column: 5, row: 2)) as? String == "tree scroll(by: 3)")
  }

  @Test func emptyTinyHugeAndHostileTreesAreDrawnWithoutACrash() {
    #expect(drawn(Tree<String>.State(roots: [], emptyText: "No folders"), columns: 20, rows: 3).text().contains("No folders"))
    var hostile = Tree.State(roots: [
      Node(id: "1", title: "漢字のフォルダ", hasChildren: true), Node(id: "2", title: "\u{1B}[31mred\u{7}"),
      Node(id: "3", title: ""), Node(id: "4", title: String(repeating: "w", count: 100_000)),
    ])
    hostile.select(position: 99)
    #expect(hostile.cursor == 3)
    hostile.select(position: -5)
    #expect(hostile.cursor == 0)
    hostile.scroll(by: Int.max)
    hostile.scroll(by: Int.min)
    for (columns, rows) in [(0, 0), (1, 1), (2, 1), (3, 2), (80, 24)] {
      _ = drawn(hostile, columns: columns, rows: rows)
    }
    // A chain 1,000 deep, each node opened (the rows are laid out by a walk with its own stack).
    var deep = Tree.State(roots: [Node(id: "0", title: "0", hasChildren: true)])
    for level in 0..<1_000 {
      _ = deep.select(id: "\(level)")
      _ = Tree<String>().reduce(into: &deep, action: .expand)
      deep.setChildren(of: "\(level)", [Node(id: "\(level + 1)", title: "\(level + 1)", hasChildren: true)])
    }
    #expect(deep.rows.count == 1_001)
    #expect(deep.rows.last?.depth == 1_000)
    _ = drawn(deep, columns: 10, rows: 3)
  }

  @Test func aHundredThousandChildrenOpenAtOnce() {
    var state = Tree.State(roots: [Node(id: "root", title: "root", hasChildren: true)], height: 24)
    _ = Tree<String>().reduce(into: &state, action: .expand)
    state.setChildren(of: "root", (0..<100_000).map { Node(id: "n\($0)", title: "node \($0)") })
    #expect(state.rows.count == 100_001)
    _ = Tree<String>().reduce(into: &state, action: .move(.last))
    #expect(state.selectedNode?.id == "n99999")
    _ = Tree<String>().reduce(into: &state, action: .collapse)
    _ = Tree<String>().reduce(into: &state, action: .collapse)
    #expect(state.selectedNode?.id == "root")
    #expect(state.rows.count == 1)
  }
}
