// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Tide",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Tide", targets: ["Tide"]),
    .library(name: "TideTesting", targets: ["TideTesting"]),
    // Optional: `Scope`, `forEach` and `ifLet` take swift-case-paths' case key paths. Empty
    // without the CasePaths trait; only a package that turns it on resolves swift-case-paths
    // and builds swift-syntax (CasePaths' `@CasePathable` macro).
    .library(name: "TideCasePaths", targets: ["TideCasePaths"]),
    // For a user's test target only: `TestStore.receive` by case key path.
    .library(name: "TideTestingCasePaths", targets: ["TideTestingCasePaths"]),
    // Optional: a store's state as a Combine `Publisher`, an `Effect` from a `Publisher`. Empty
    // without the Combine trait; only a package that turns it on resolves OpenCombine, which it
    // links where Apple's Combine does not exist.
    .library(name: "TideCombine", targets: ["TideCombine"]),
    .library(name: "TideTerminal", targets: ["TideTerminal"]),
    // For a user's test target only: replays key scripts against their TerminalApp as tests.
    .library(name: "TideTerminalTesting", targets: ["TideTerminalTesting"]),
    // The command line every terminal app gets: run, replay, --record, --trace, --cast, --svg.
    .library(name: "TideTerminalCommand", targets: ["TideTerminalCommand"]),
    // Traces of any Tide app whose State and Action are Codable: the format, the recorder, the
    // reader and its queries, the inspector's browser and exports.
    .library(name: "TideTrace", targets: ["TideTrace"]),
    .executable(name: "tide-demo", targets: ["tide-demo"]),
    .executable(name: "tide-textinput", targets: ["tide-textinput"]),
    .executable(name: "tide-list", targets: ["tide-list"]),
    .executable(name: "tide-pick", targets: ["tide-pick"]),
    .executable(name: "tide-form", targets: ["tide-form"]),
    .executable(name: "tide-pager", targets: ["tide-pager"]),
    .executable(name: "tide-edit", targets: ["tide-edit"]),
    .executable(name: "tide-files", targets: ["tide-files"]),
    .executable(name: "tide-progress", targets: ["tide-progress"]),
    .executable(name: "tide-dashboard", targets: ["tide-dashboard"]),
    .executable(name: "tide-editor", targets: ["tide-editor"]),
  ],
  // Off unless asked for: a package that depends on Tide resolves neither swift-case-paths nor
  // the swift-syntax its macros build with. `traits: ["CasePaths"]` on the dependency turns
  // on TideCasePaths and TideTestingCasePaths; this repository's Makefile builds with it on.
  // The same for the Combine trait and OpenCombine: `traits: ["Combine"]` turns on TideCombine.
  traits: [
    .trait(name: "CasePaths", description: "Scope, forEach, ifLet and TestStore.receive by case key path (builds swift-syntax)."),
    .trait(name: "Combine", description: "TideCombine: state publishers and effects from publishers (OpenCombine where Combine does not exist)."),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    // Without its default FoundationNetworking trait: diffs of URLRequest are not worth linking
    // libcurl, gnutls and krb5 into every binary that uses Tide.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0", traits: []),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
    // `make docs` only: a command plugin, linked into no product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    .target(
      name: "CNcurses",
      cSettings: [
        .define("_XOPEN_SOURCE_EXTENDED"),
        .define("NCURSES_WIDECHAR", to: "1"),
        .define("_GNU_SOURCE"),
      ],
      linkerSettings: [.linkedLibrary("ncursesw")]
    ),
    // The thread-local slot `StoreTime.now` reads for stores off the main actor: Swift has no
    // thread-locals, and pthread_getspecific/setspecific cost three library calls a `send`.
    .target(name: "CTideThreadSlot"),
    .target(
      name: "Tide",
      dependencies: [
        "CTideThreadSlot",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    .target(
      name: "TideTesting",
      dependencies: [
        "Tide",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // `Scope`, `forEach`, `ifLet` and `Store.scope` overloads taking swift-case-paths' case key
    // paths (`Scope(state: \.counter, action: \.counter)`); re-exports CasePaths, so
    // `@CasePathable` comes with `import TideCasePaths`. Its own target and product so that
    // only its users build swift-syntax, which CasePaths' macro needs: `Tide` stays free of it.
    .target(
      name: "TideCasePaths",
      dependencies: [
        "Tide",
        .product(name: "CasePaths", package: "swift-case-paths", condition: .when(traits: ["CasePaths"])),
      ]
    ),
    // `TestStore.receive(\.loaded)` and `receive(\.loaded, value)`. Apart from TideCasePaths
    // because it links TideTesting (test support an app must not link), and apart from
    // TideTesting so that its users who do not want macros need not build swift-syntax.
    .target(
      name: "TideTestingCasePaths",
      dependencies: [
        "Tide", "TideTesting", "TideCasePaths",
        .product(name: "CasePaths", package: "swift-case-paths", condition: .when(traits: ["CasePaths"])),
      ]
    ),
    // `Store.publisher`, `Effect.publisher`; re-exports Combine, or OpenCombine where Combine does
    // not exist (every platform but Apple's), so `import TideCombine` brings `Just`, `sink`...
    .target(
      name: "TideCombine",
      dependencies: [
        "Tide",
        .product(
          name: "OpenCombine", package: "OpenCombine",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd], traits: ["Combine"])),
      ]
    ),
    // The one JSON reader and writer: traces (TideTrace), casts (TideTerminal) and tide-demo's
    // todo file. A target of its own, below both, because casts are written by TideTerminal and
    // traces by TideTrace; not a product, and all `package`: no public API. `Tide` does not
    // depend on it, so a user of the store alone builds none of it.
    .target(name: "TideJSON"),
    .target(
      name: "TideTerminal",
      dependencies: ["Tide", "TideJSON", "CNcurses"]),
    // Knows Tide and TideTerminal (the browser is built from its components and draws the app's
    // own view), never an app: TideTerminalCommand depends on it for `--trace` and `inspect`.
    .target(name: "TideTrace", dependencies: ["Tide", "TideJSON", "TideTerminal", "CNcurses"]),
    // Its own target because of swift-argument-parser: an app that parses its own command line,
    // or embeds TideTerminal in another program, links neither the parser nor the command.
    .target(
      name: "TideTerminalCommand",
      dependencies: ["Tide", "TideTerminal", "TideTrace", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .target(
      name: "TideTerminalTesting",
      dependencies: [
        "Tide", "TideTerminal",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "TideDemo",
      dependencies: [
        "Tide", "TideJSON", "TideTerminal", "TideTerminalCommand", "TideTrace",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "tide-demo",
      dependencies: ["TideDemo"]
    ),
    .executableTarget(
      name: "tide-bench",
      dependencies: [
        "Tide", "TideJSON", "TideTerminal", "TideTrace", "TideDemo", "CNcurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .executableTarget(name: "tide-hello", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-hello"),
    .executableTarget(name: "tide-counter", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-counter"),
    // Apps built only on TideTerminal's public components (SPEC: "Examples built on the
    // components"); ComponentExamplesTests replays each.
    .executableTarget(name: "tide-textinput", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-textinput"),
    .executableTarget(name: "tide-list", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-list"),
    .executableTarget(name: "tide-pick", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-pick"),
    // An inline app that prints above its live area, for ComponentExamplesTests' terminal tests.
    .executableTarget(
      name: "inline-log-probe", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Tests/InlineLogProbe"),
    .executableTarget(name: "tide-form", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-form"),
    .executableTarget(name: "tide-pager", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-pager"),
    .executableTarget(name: "tide-edit", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-edit"),
    .executableTarget(name: "tide-files", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-files"),
    .executableTarget(name: "tide-progress", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-progress"),
    .executableTarget(name: "tide-editor", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-editor"),
    .executableTarget(name: "tide-dashboard", dependencies: ["Tide", "TideTerminal", "TideTerminalCommand"], path: "Examples/tide-dashboard"),
    // One small program per seed library's README, each rewritten on Tide; ExamplesTests checks
    // what each README promises.
    .executableTarget(name: "CounterAlert", dependencies: ["Tide"], path: "Examples/CounterAlert"),
    .executableTarget(name: "SubStateLenses", dependencies: ["Tide"], path: "Examples/SubStateLenses"),
    // These two also as their seeds' Combine users write them, with TideCombine, when the
    // Combine trait is on (TideCombine is empty without it).
    .executableTarget(name: "TimerMiddleware", dependencies: ["Tide", "TideCombine"], path: "Examples/TimerMiddleware"),
    .executableTarget(name: "PostsRequest", dependencies: ["Tide"], path: "Examples/PostsRequest"),
    .executableTarget(name: "PingPongEpics", dependencies: ["Tide", "TideCombine"], path: "Examples/PingPongEpics"),
    // A server without a network: a StoreActor per session with expiry timers and a sweep.
    .executableTarget(name: "SessionServer", dependencies: ["Tide"], path: "Examples/SessionServer"),
    .testTarget(
      name: "TideTests",
      dependencies: [
        "Tide", "TideTesting", "TideTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
      ]),
    .testTarget(
      name: "TideCasePathsTests",
      dependencies: [
        "Tide", "TideTesting", "TideCasePaths", "TideTestingCasePaths",
        .product(name: "CasePaths", package: "swift-case-paths", condition: .when(traits: ["CasePaths"])),
        .product(name: "Clocks", package: "swift-clocks"),
      ]),
    .testTarget(
      name: "TideCombineTests",
      dependencies: ["Tide", "TideCombine", "TideTesting", "TideTestSupport", "TimerMiddleware", "PingPongEpics"]),
    .testTarget(
      name: "TideTestingTests",
      dependencies: ["Tide", "TideTesting", "TideTestSupport", .product(name: "Clocks", package: "swift-clocks")]),
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "CounterAlert", "SubStateLenses", "TimerMiddleware", "PostsRequest", "PingPongEpics", "SessionServer",
        "Tide", "TideTesting", "TideTestSupport", .product(name: "Clocks", package: "swift-clocks"),
      ]),
    // What the test targets share, as swift-argument-parser's ArgumentParserTestHelpers: the
    // tmux driver, the subprocess runner, temporary folders, the replay and effect-wait helpers.
    // Not a product.
    .target(
      name: "TideTestSupport",
      dependencies: [
        "Tide", "TideTerminal", "TideTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Tests/TideTestSupport"),
    .testTarget(name: "TideTerminalTests", dependencies: ["TideTerminal", "TideTerminalTesting", "Tide", "TideTestSupport"]),
    .testTarget(
      name: "TideTerminalCommandTests",
      dependencies: ["TideTerminalCommand", "TideTerminal", "TideTrace", "Tide", "TideTestSupport"]),
    .testTarget(
      name: "ComponentExamplesTests",
      dependencies: [
        "tide-counter", "tide-textinput", "tide-list", "tide-pick", "inline-log-probe", "tide-pager", "tide-edit", "tide-progress", "tide-form", "tide-files", "tide-editor", "tide-dashboard", "Tide", "TideTesting", "TideTerminal", "TideTerminalCommand", "TideTerminalTesting", "TideTrace",
        "TideTestSupport",
      ],
      // Read from the source tree by path (assertReplay), as an app's own tests read theirs.
      exclude: ["Scripts", "Goldens"]),
    .testTarget(
      name: "TideTerminalTestingTests", dependencies: ["TideTerminalTesting", "TideTerminal", "Tide", "TideTestSupport"],
      // Read from the source tree by path, as a user's tests would read theirs.
      exclude: ["Scripts", "Goldens"]),
    .testTarget(name: "TideTraceTests", dependencies: ["TideJSON", "TideTrace", "Tide", "TideTerminal", "TideTestSupport"]),
    .testTarget(
      name: "TideDemoTests",
      dependencies: ["TideDemo", "TideJSON", "TideTrace", "Tide", "TideTerminal", "TideTerminalCommand", "TideTesting", "TideTestSupport", .product(name: "Clocks", package: "swift-clocks")],
      exclude: ["InspectorFixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
