#!/usr/bin/env python3
"""Instructions a send costs when a store's value is watched through TideCombine, beside the
same value watched with `observe`, counted by callgrind.

Writes a small package of its own (depending on this checkout with the Combine trait, as an
app would) whose executable makes a store of `{ count, label }`, watches it one way and sends
`.increment` N times. Each way runs under `valgrind --tool=callgrind` at 2,000 and 12,000 sends;
the difference divided by 10,000 is a send's instructions: the reducer, the notification and
the watcher's share, the start-up cancelled out. The ways:

  none             no watcher
  observe          store.observe(\\.count) { ... }
  publisher        store.publisher(\\.count).sink { ... }
  observe-whole    store.observe { ... } (an Equatable state)
  publisher-whole  store.publisher.sink { ... }

Effects from publishers are not counted: valgrind 3.19 cannot run the concurrency runtime's
thread pool their tasks need.

Usage: scripts/measure-combine-instructions.py [--scratch-path=DIR]
(default: .build/combine-instructions; the release build takes minutes the first time)
"""
import os, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)

PACKAGE = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "combine-instructions",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Tide", path: "%s", traits: ["Combine"])],
  targets: [
    .executableTarget(
      name: "PublisherCost",
      dependencies: [.product(name: "Tide", package: "Tide"), .product(name: "TideCombine", package: "Tide")]),
  ]
)
"""

MAIN = """import Tide
import TideCombine

struct Counter: Equatable, Sendable {
  var count = 0
  var label = ""
}

enum Action: Equatable, Sendable { case increment }

let reducer = Reduce<Counter, Action> { state, _ in
  state.count += 1
  return .none
}

let mode = CommandLine.arguments[1]
let sends = Int(CommandLine.arguments[2])!
let store = Store(initialState: Counter(), reducer: reducer)
var seen = 0
var tokens: [ObservationToken] = []
var cancellables: [AnyCancellable] = []
switch mode {
case "none": break
case "observe": tokens.append(store.observe(\\.count) { seen &+= $0 })
case "publisher": cancellables.append(store.publisher(\\.count).sink { seen &+= $0 })
case "observe-whole": tokens.append(store.observe { seen &+= $0.count })
case "publisher-whole": cancellables.append(store.publisher.sink { seen &+= $0.count })
default: fatalError("unknown way \\(mode)")
}
for _ in 0..<sends { store.send(.increment) }
print(mode, store.state.count, seen)
withExtendedLifetime((tokens, cancellables)) {}
"""

MODES = ["none", "observe", "publisher", "observe-whole", "publisher-whole"]


def instructions(binary, mode, sends, folder):
    output = os.path.join(folder, "callgrind-%s-%d.out" % (mode, sends))
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + output, binary, mode, str(sends)],
        check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(output) as file:
        for line in file:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[-1])
    sys.exit("no instruction total in callgrind's output for " + mode)


def main():
    scratch = os.path.join(root, ".build", "combine-instructions")
    for argument in sys.argv[1:]:
        if argument.startswith("--scratch-path="):
            scratch = os.path.abspath(argument.split("=", 1)[1])
        else:
            sys.exit(__doc__.strip().splitlines()[-2])
    package = os.path.join(scratch, "package")
    os.makedirs(os.path.join(package, "Sources", "PublisherCost"), exist_ok=True)
    with open(os.path.join(package, "Package.swift"), "w") as file:
        file.write(PACKAGE % root)
    with open(os.path.join(package, "Sources", "PublisherCost", "main.swift"), "w") as file:
        file.write(MAIN)
    subprocess.run(
        ["swift", "build", "-c", "release", "--product", "PublisherCost",
         "--package-path", package, "--scratch-path", os.path.join(scratch, "build")],
        check=True)
    with tempfile.TemporaryDirectory() as folder:
        # valgrind 3.19 cannot read the debug information of Swift 6 builds: counted stripped.
        binary = os.path.join(folder, "PublisherCost")
        shutil.copy(os.path.join(scratch, "build", "release", "PublisherCost"), binary)
        subprocess.run(["strip", binary], check=True)
        for mode in MODES:
            low = instructions(binary, mode, 2000, folder)
            high = instructions(binary, mode, 12000, folder)
            print("%-16s %8.1f instructions a send" % (mode, (high - low) / 10000))


if __name__ == "__main__":
    main()
