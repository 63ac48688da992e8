// swift-tools-version: 6.1
// tide-quiz: a package of its own that uses Tide as any other package would — by path, so it
// reaches only Tide's public API. `make test` builds and tests it.
import PackageDescription

let package = Package(
  name: "tide-quiz",
  platforms: [.macOS(.v15)],
  products: [.executable(name: "tide-quiz", targets: ["tide-quiz"])],
  dependencies: [
    // `name:` makes the package's identity "Tide" whatever the checkout's folder is called.
    .package(name: "Tide", path: "../.."),
    // TerminalCommand's app options are ArgumentParser's.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // The app itself: its store, view and keys, and `app(launch:)`. TerminalLaunch is part of
    // TideTerminal, so the library needs no command line.
    .target(
      name: "Quiz",
      dependencies: [
        .product(name: "Tide", package: "Tide"),
        .product(name: "TideTerminal", package: "Tide"),
      ]),
    .executableTarget(
      name: "tide-quiz",
      dependencies: [
        "Quiz",
        .product(name: "TideTerminalCommand", package: "Tide"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "QuizTests",
      dependencies: [
        "Quiz",
        .product(name: "Tide", package: "Tide"),
        .product(name: "TideTerminal", package: "Tide"),
        .product(name: "TideTerminalCommand", package: "Tide"),
        .product(name: "TideTesting", package: "Tide"),
        .product(name: "TideTerminalTesting", package: "Tide"),
      ],
      // Key scripts and golden screens are read by path, not built.
      exclude: ["Scripts", "Goldens"]),
    // BEGIN tutorial steps: the earlier steps of the DocC tutorial "Build a terminal app with
    // Tide", compiled so that it never shows code that does not build (its last step is the
    // Quiz target itself). Not part of the app.
    .target(
      name: "QuizTutorialStep1",
      dependencies: [
        .product(name: "Tide", package: "Tide"), .product(name: "TideTerminal", package: "Tide"),
      ],
      path: "Tutorial/Step1"),
    .target(
      name: "QuizTutorialStep2",
      dependencies: [
        .product(name: "Tide", package: "Tide"), .product(name: "TideTerminal", package: "Tide"),
      ],
      path: "Tutorial/Step2"),
    // END tutorial steps
  ],
  swiftLanguageModes: [.v6]
)
