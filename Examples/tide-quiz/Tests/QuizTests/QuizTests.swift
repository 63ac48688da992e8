import Testing
import Tide
import TideTerminal
import TideTesting

@testable import Quiz

/// The quiz's reducer, every change asserted (TestStore is exhaustive) on a virtual clock.
@MainActor
@Suite struct QuizTests {
  let questions = [
    Question("What is the capital of France?", answer: "Paris"),
    Question("What is the capital of Japan?", answer: "Tokyo"),
    Question("What is the capital of Peru?", answer: "Lima"),
  ]

  @Test func aRightAnswerAWrongOneAndOneOutOfTime() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Quiz.State(title: "Capitals", questions: questions), reducer: Quiz(), clock: clock)
    // The size arrives as an action: the list gets the rows between the header and the
    // message, the field the columns after "Answer: ".
    await store.send(.resized(TerminalSize(columns: 40, rows: 12))) {
      $0.list.height = 8
      $0.answer.width = 32
    }
    await store.send(.ask) {
      $0.asking = 0
      $0.secondsLeft = 15
    }
    await store.send(.answer(.paste(" paris "))) {
      $0.answer = TextInput.State(text: " paris ", placeholder: "your answer", characterLimit: 60, width: 32)
    }
    clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.secondsLeft = 14 }
    await store.send(.submit) {
      $0.results[0] = .right
      $0.asking = nil
      $0.message = "Right! It is Paris."
    }
    // An answered question is not asked again.
    await store.send(.ask)

    await store.send(.list(.move(.down))) { $0.list.cursor = 1 }
    await store.send(.ask) {
      $0.asking = 1
      $0.secondsLeft = 15
      $0.answer = TextInput.State(placeholder: "your answer", characterLimit: 60, width: 32)
      $0.message = ""
    }
    await store.send(.answer(.insert("K"))) {
      $0.answer = TextInput.State(text: "K", placeholder: "your answer", characterLimit: 60, width: 32)
    }
    await store.send(.submit) {
      $0.results[1] = .wrong
      $0.asking = nil
      $0.message = "Not quite: it is Tokyo."
    }

    await store.send(.list(.move(.down))) { $0.list.cursor = 2 }
    await store.send(.ask) {
      $0.asking = 2
      $0.secondsLeft = 15
      $0.answer = TextInput.State(placeholder: "your answer", characterLimit: 60, width: 32)
      $0.message = ""
    }
    for second in (1..<15).reversed() {
      await store.receive(.tick, timeout: .seconds(1)) { $0.secondsLeft = second }
    }
    await store.receive(.tick, timeout: .seconds(1)) {
      $0.secondsLeft = 0
      $0.results[2] = .outOfTime
      $0.asking = nil
      $0.message = "Out of time: it is Lima."
    }
    #expect(store.state.score == "1 of 3 right")
    await store.finish()
  }

  @Test func skippingLeavesTheQuestionForLaterAndStopsItsClock() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Quiz.State(title: "Capitals", questions: questions), reducer: Quiz(), clock: clock)
    await store.send(.ask) {
      $0.asking = 0
      $0.secondsLeft = 15
    }
    await store.send(.skip) { $0.asking = nil }
    clock.advance(by: .seconds(30))
    await store.send(.quit) { $0.isQuitting = true }
    await store.finish()
  }
}
