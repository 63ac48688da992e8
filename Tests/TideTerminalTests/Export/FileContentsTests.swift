import Foundation
import Testing
import TideTerminal

/// An app's own files are read whole, and a failure says the path and the system's reason in
/// plain words (Foundation says "NSCocoaErrorDomain error 256" for a folder).
@Suite struct FileContentsTests {
  @Test func readsAFileWhole() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "file-contents-\(getpid()).txt").path
    defer { unlink(path) }
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    #expect(try FileContents.read(atPath: path) == bytes)
  }

  @Test func aMissingFileAndAFolderAreNamedWithTheSystemsReason() {
    #expect(throws: SystemError.self) { try FileContents.read(atPath: "/nonexistent/data.json") }
    do {
      _ = try FileContents.read(atPath: "/nonexistent/data.json")
    } catch {
      #expect(error.description == "could not read /nonexistent/data.json: No such file or directory")
    }
    do {
      _ = try FileContents.read(atPath: "/")
    } catch {
      #expect(error.description == "could not read /: Is a directory")
    }
  }
}
