import Testing

/// Runs a test that blocks the global pool (``GlobalPoolBlocker``) while no other such test
/// runs: a blocker spins on the main thread until it holds every pool thread, and a blocker
/// released from the main actor — or a `DispatchQueue.main` callback — would wait for that spin.
/// Two at once hold each other up until one's deadline and fail a test for nothing. The turn is
/// awaited before the test starts, so no thread waits for it.
package struct HoldsTheGlobalPool: TestTrait, TestScoping {
  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await PoolTurns.shared.take()
    do {
      try await function()
    } catch {
      await PoolTurns.shared.give()
      throw error
    }
    await PoolTurns.shared.give()
  }
}

extension Trait where Self == HoldsTheGlobalPool {
  /// The test blocks the global pool: it runs while no other test blocking it does.
  package static var holdsTheGlobalPool: Self { Self() }
}

/// One turn at a time, first come first served.
private actor PoolTurns {
  static let shared = PoolTurns()
  private var taken = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func take() async {
    guard taken else {
      taken = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func give() {
    if waiting.isEmpty {
      taken = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
