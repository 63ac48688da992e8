import Foundation
import Testing
import TideTerminal

/// What an app shows when its data file cannot be decoded: the path, the place in the data and
/// what was expected, in plain words — never a `DecodingError` case and its debug description.
@Suite struct DataFileErrorTests {
  private struct Habit: Codable {
    var title: String
    var streak: Int
  }

  private func message(_ json: String) -> String? {
    do {
      _ = try JSONDecoder().decode([Habit].self, from: Data(json.utf8))
      return nil
    } catch let error as DecodingError {
      return DataFileError(path: "habits.json", decoding: error).description
    } catch {
      return "not a DecodingError: \(error)"
    }
  }

  @Test func aMissingFieldIsNamedWithItsPlace() {
    #expect(message(#"[{"title":"run","streak":1},{"streak":2}]"#) == #"habits.json: [1] has no "title""#)
  }

  @Test func aValueOfTheWrongKindSaysWhatBelongsThere() {
    #expect(message(#"[{"title":"run","streak":"two"}]"#) == "habits.json: [0].streak is not a whole number")
    #expect(message(#"{"title":"run"}"#) == "habits.json: the data is not a list")
    #expect(message(#"[{"title":null,"streak":1}]"#) == "habits.json: [0].title is missing or null where text belongs")
  }

  @Test func textThatIsNotJSONIsUnreadableAndSaysNoErrorDomain() throws {
    let text = try #require(message(#"[{"title": "run", streak: 1}]"#))
    #expect(text.hasPrefix("habits.json: not readable ("))
    #expect(!text.contains("Domain") && !text.contains("DecodingError") && !text.contains("\n"))
  }
}
