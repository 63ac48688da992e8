import Foundation
import Testing
import TideTerminal
import TideTestSupport

/// The one output-file policy (SPEC "Output files"), path kind by path kind.
@Suite struct OutputFileTests {
  let folder = TemporaryDirectory("tide-output-file")

  func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode : 0
  }

  @Test func aRegularFileIsReplacedWholeAndKeepsItsMode() throws {
    let path = folder.file("out.svg")
    try "old contents that are longer".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o640)
    let before = mode(path)
    try OutputFile(checking: path).write("new")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    #expect(mode(path) == before)
    #expect(folder.contents() == ["out.svg"], "no temporary file is left behind")
  }

  @Test func aMissingFileIsCreatedButItsFolderMustExist() throws {
    try OutputFile(checking: folder.file("new.cast")).write("cast")
    #expect(try String(contentsOfFile: folder.file("new.cast"), encoding: .utf8) == "cast")
    #expect(throws: OutputFileError.self) { try OutputFile(checking: folder.file("nowhere/new.cast")) }
  }

  @Test func aSymlinkIsFollowedAndStaysALink() throws {
    let target = folder.file("target.svg")
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    symlink("target.svg", folder.file("link.svg"))
    try OutputFile(checking: folder.file("link.svg")).write("new")
    #expect(mode(folder.file("link.svg")) & S_IFMT == S_IFLNK, "the link is still a link")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new", "its target was written")

    // A link to a file not there yet creates the target.
    symlink(folder.file("later.svg"), folder.file("dangling.svg"))
    try OutputFile(checking: folder.file("dangling.svg")).write("made")
    #expect(mode(folder.file("dangling.svg")) & S_IFMT == S_IFLNK)
    #expect(try String(contentsOfFile: folder.file("later.svg"), encoding: .utf8) == "made")
  }

  @Test func aFIFOIsWrittenInPlaceAsAStream() async throws {
    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = Task.detached { () -> String in
      // A blocking open: it waits for the writer, and counts as a reader while it waits.
      let descriptor = open(fifo, O_RDONLY)
      guard descriptor >= 0 else { return "(cannot open)" }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    // The reader opens the FIFO on another thread; until it has, there is no reader, and the
    // check (which opens a stream without waiting) refuses it.
    let written = try await poll(every: .milliseconds(1)) {
      do throws(OutputFileError) {
        try OutputFile(checking: fifo).write("through the pipe")
        return true
      } catch {
        #expect(error.reason.contains("no process is reading"), "\(error)")
        return false
      }
    }
    #expect(written, "a reader came")
    #expect(await reader.value == "through the pipe")
    #expect(mode(fifo) & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
  }

  @Test func aFIFOWithNoReaderIsAClearErrorNotAHang() throws {
    let fifo = folder.file("lonely")
    #expect(mkfifo(fifo, 0o600) == 0)
    // Refused by the check, before anything runs, not by the write at the end of a run.
    let error = #expect(throws: OutputFileError.self) { try OutputFile(checking: fifo) }
    #expect(error?.description == "\(fifo): error: cannot write the file: no process is reading it (a FIFO needs a reader)")
    #expect(mode(fifo) & S_IFMT == S_IFIFO)
  }

  @Test func aCharacterDeviceIsWrittenInPlace() throws {
    // A null device of our own (root may make one); else the system's, written in place.
    let device = folder.file("null")
    let path = mknod(device, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 3)) == 0 ? device : "/dev/null"
    try OutputFile(checking: path).write("into the void")
    #expect(mode(path) & S_IFMT == S_IFCHR, "\(path) is still a character device")
  }

  @Test func foldersSocketsBlockDevicesAndEmptyPathsAreRefused() throws {
    #expect(throws: OutputFileError(path: folder.path, reason: "is a folder, not a file to write")) {
      try OutputFile(checking: folder.path)
    }
    #expect(throws: OutputFileError(path: "", reason: "the path is empty")) { try OutputFile(checking: "") }

    let socketPath = folder.file("socket")
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    #expect(throws: OutputFileError(path: socketPath, reason: "is a socket, not a file to write")) {
      try OutputFile(checking: socketPath)
    }

    let block = folder.file("block")
    if mknod(block, S_IFBLK | 0o600, deviceNumber(major: 7, minor: 0)) == 0 {
      #expect(throws: OutputFileError(path: block, reason: "is a block device, not a file to write")) {
        try OutputFile(checking: block)
      }
      #expect(mode(block) & S_IFMT == S_IFBLK)
    }
  }

  @Test func theDataFileAndAFileNamedTwiceAreRefusedBeforeAnythingIsWritten() throws {
    let data = folder.file("todos.json")
    try "[]".write(toFile: data, atomically: false, encoding: .utf8)
    symlink(data, folder.file("alias.json"))
    for path in [data, folder.file("alias.json"), folder.path + "/./todos.json"] {
      let error = #expect(throws: OutputFileError.self) {
        try OutputFile.check([("--svg", folder.file("ok.svg")), ("--record", path)], data: data)
      }
      #expect(error?.reason == "--record names the data file; give it a path of its own", "\(path)")
    }
    // Also a data file that does not exist yet.
    let error = #expect(throws: OutputFileError.self) {
      try OutputFile.check([("--trace", folder.file("new.json"))], data: folder.file("new.json"))
    }
    #expect(error?.reason.contains("the data file") == true)

    let twice = #expect(throws: OutputFileError.self) {
      try OutputFile.check([("--svg", folder.file("x")), ("--cast", folder.path + "/../" + lastComponent(folder.path) + "/x")])
    }
    #expect(twice?.reason == "--cast names the file of --svg; give it a path of its own")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == "[]")
    #expect(!FileManager.default.fileExists(atPath: folder.file("x")), "nothing was created")
  }

  @Test func aWriteThatFailsLaterSaysWhyInPlainWords() throws {
    let sub = folder.file("sub")
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
    let file = try OutputFile(checking: sub + "/late.svg")
    // The folder turns into a file between the check and the write.
    try FileManager.default.removeItem(atPath: sub)
    try "in the way".write(toFile: sub, atomically: false, encoding: .utf8)
    let error = #expect(throws: OutputFileError.self) { try file.write("too late") }
    #expect(error?.description == "\(sub)/late.svg: error: cannot write the file: Not a directory")
  }
}

/// The last component of a path, for spelling one folder two ways.
private func lastComponent(_ path: String) -> String {
  String(path.split(separator: "/").last ?? "")
}

/// glibc's `makedev` for small numbers (a macro Swift does not import).
private func deviceNumber(major: UInt, minor: UInt) -> dev_t {
  dev_t((major << 8) | minor)
}
