import Foundation
import Testing
import TideTerminal
import TideTestSupport

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

/// An app saves its data file with the public atomic writer — the one its recordings and the
/// golden screens go through — and a failure reads as plain words with the path.
@Suite struct FileContentsWriteTests {
  @Test func writesANewFileAndReplacesAnOldOneKeepingItsMode() throws {
    let folder = TemporaryDirectory()
    let path = folder.file("data/notes.json")  // the missing folder is created
    try FileContents.write(Array("first".utf8), atPath: path)
    #expect(try FileContents.read(atPath: path) == Array("first".utf8))
    chmod(path, 0o640)
    try FileContents.write(Data("second".utf8), atPath: path)
    #expect(try FileContents.read(atPath: path) == Array("second".utf8))
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    // Nothing is left beside it: the temporary file was renamed over the old one.
    #expect(folder.contents("data") == ["notes.json"])
  }

  @Test func aSymlinkIsFollowedAndStaysALink() throws {
    let folder = TemporaryDirectory()
    let target = folder.file("real.json")
    let link = folder.file("link.json")
    try FileContents.write(Array("old".utf8), atPath: target)
    #expect(symlink("real.json", link) == 0)
    try FileContents.write(Array("new".utf8), atPath: link)
    #expect(try FileContents.read(atPath: target) == Array("new".utf8))
    var info = stat()
    lstat(link, &info)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
  }

  /// A failed write loses nothing: here the path is a folder (root too is refused), which keeps
  /// what it holds, and no temporary file is left beside it.
  @Test func aFailedWriteNamesThePathAndTheSystemsReasonAndKeepsWhatWasThere() throws {
    let folder = TemporaryDirectory()
    let path = folder.file("notes.json")
    try FileContents.write(Array("kept".utf8), atPath: folder.file("notes.json/inside"))
    #expect {
      try FileContents.write(Array("lost".utf8), atPath: path)
    } throws: { error in
      "\(error)" == "could not write \(path): Is a directory"
    }
    #expect(try FileContents.read(atPath: folder.file("notes.json/inside")) == Array("kept".utf8))
    #expect(folder.contents() == ["notes.json"])
    #expect(folder.contents("notes.json") == ["inside"])
  }

  @Test func anAppMakesItsOwnSystemErrors() {
    let error = SystemError("open", "/tmp/x.json", code: ENOENT)
    #expect(error.description == "could not open /tmp/x.json: No such file or directory")
  }
}
