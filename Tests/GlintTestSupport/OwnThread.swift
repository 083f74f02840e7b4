import Foundation

/// Blocking work (a socket, a wait, a poll of /proc) run on a thread of its own, so that it neither
/// holds nor waits for a thread of Swift's task pool: two on a 2-core machine, which an in-process
/// server and every other test share.
public enum OwnThread {
    /// Runs `body` on a new thread and awaits what it returns or throws.
    public static func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { () throws(E) -> T in try body() }) }.start()
        }
        return try result.get()
    }
}
