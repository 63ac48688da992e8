#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an app's own files — its data file, a document it shows — with errors a user can act
/// on: the path and the system's reason in plain words, where Foundation says
/// `NSCocoaErrorDomain error 256` for a folder.
///
/// ```swift
/// do {
///   let questions = try JSONDecoder().decode([Question].self, from: Data(FileContents.read(atPath: path)))
/// } catch let error as SystemError {
///   print(error)  // could not read quiz.json: No such file or directory
/// }
/// ```
public enum FileContents {

  /// The bytes of the file at `path`, read whole. A folder, a missing file or one the user may
  /// not read throws a ``SystemError`` naming `path` and the reason.
  public static func read(atPath path: String) throws(SystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError("read", path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemError("read", path)
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }
}

/// The system's `read`, which inside ``FileContents`` its own `read(atPath:)` would hide.
private func readChunk(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
