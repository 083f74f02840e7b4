import Foundation

/// A body run on a new thread, awaited without blocking the caller's thread.
public enum BlockingThread {
    public static func run<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.name = name
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
