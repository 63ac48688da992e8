#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a detached POSIX thread; the ``ScreenThread`` runs on one. A plain pthread rather than
/// Foundation's `Thread`: the terminal layer then links none of Foundation, which keeps the
/// app's resident memory within its budget.
package enum DetachedThread {
  /// Why the thread could not be started: the `pthread_create` error number.
  package struct StartError: Error, CustomStringConvertible {
    package var code: Int32
    package var description: String { "cannot start a thread: " + String(cString: strerror(code)) }
  }

  /// The closure the new thread runs, carried through `pthread_create`'s context pointer.
  private final class Body: Sendable {
    let name: String
    let run: @Sendable () -> Void
    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }

  /// Runs `body` on a new thread named `name`, as `top -H` and debuggers show it (Linux keeps
  /// the first 15 bytes).
  package static func start(named name: String, _ body: @escaping @Sendable () -> Void) throws {
    let context = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let result = create(&attributes, context)
    if result != 0 {
      Unmanaged<Body>.fromOpaque(context).release()
      throw StartError(code: result)
    }
  }

  /// `pthread_create` for a detached thread that runs the ``Body`` at `context`; the error number
  /// or 0.
  private static func create(_ attributes: inout pthread_attr_t, _ context: UnsafeMutableRawPointer) -> Int32 {
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    return pthread_create(&thread, &attributes, { context in
      // Darwin passes the context as non-optional, Glibc as optional.
      let pointer: UnsafeMutableRawPointer? = context
      DetachedThread.run(pointer!)
      return nil
    }, context)
  }

  /// What the new thread does: takes its ``Body`` back from `context`, names itself, runs it.
  private static func run(_ context: UnsafeMutableRawPointer) {
    let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
    setCurrentThreadName(body.name)
    body.run()
  }

  /// Names the calling thread; a name that cannot be set is no reason to stop.
  private static func setCurrentThreadName(_ name: String) {
    #if canImport(Darwin)
    _ = pthread_setname_np(name)
    #else
    // `pthread_setname_np` is a GNU extension the Glibc module does not import; the kernel's
    // per-thread `comm` file is what it writes to.
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    _ = write(file, name, min(name.utf8.count, 15))
    close(file)
    #endif
  }
}
