import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one place a test waits on real time (`make lint` allows the real clock and sleeping in
/// Tests here alone, Scripts/check-test-clock.py).
///
/// A test never waits for a state by sleeping or polling: it awaits an event (a store's change
/// notification, a job's event stream, a line a process prints, a process's exit, a test clock's
/// sleeper) and bounds that await with ``within(_:_:_:)``. The bound guards against a hang; it is
/// never what a test checks, so it is at least ``shortestBound``: ten times what the behaviour
/// under test takes on a loaded machine, however many tests share its two cores.
public enum Waiting {
    /// The shortest bound a test may give (`make lint` fails on a shorter one).
    public static let shortestBound = Duration.seconds(30)

    /// What a wait that ran past its bound throws.
    public struct TimedOut: Error, CustomStringConvertible {
        public let what: String
        public let bound: Duration
        public var description: String { "gave up waiting \(bound) for \(what)" }
    }

    /// Awaits `body` (which awaits an event), for `bound` at most.
    /// - Throws: ``TimedOut`` when `body` has not returned within `bound` (it is cancelled), or
    ///   what `body` throws.
    public static func within<R: Sendable>(
        _ bound: Duration, _ what: @autoclosure () -> String, _ body: @escaping @Sendable () async throws -> R
    ) async throws -> R {
        precondition(bound >= shortestBound, "a wait's bound is at least \(shortestBound) (\(bound) given)")
        let description = what()
        return try await withThrowingTaskGroup(of: R?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: bound)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw TimedOut(what: description, bound: bound)
            }
            return result
        }
    }

    /// Runs blocking `body` (a read from a socket, a wait for a lock) on a thread of its own, for
    /// `bound` at most: past it the thread is left to end by itself, and ``TimedOut`` thrown.
    public static func blocking<R: Sendable>(
        _ bound: Duration, _ what: @autoclosure () -> String, _ body: @escaping @Sendable () throws -> R
    ) async throws -> R {
        try await within(bound, what()) { try await OwnThread.run(body) }
    }

    /// Awaits the end of process `pid` (a child or not), told by the kernel (a pidfd), for `bound`
    /// at most. Returns at once for a process already gone.
    public static func exit(of pid: Int32, within bound: Duration) async throws {
        let descriptor = pidfdOpen(pid, 0)
        guard descriptor >= 0 else { return }  // already gone (ESRCH)
        defer { close(descriptor) }
        try await blocking(bound, "process \(pid) to end") {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&entry, 1, -1) < 0, errno == EINTR {}
        }
    }

    /// Blocks the calling thread until `event` is signalled (a process's termination handler, say),
    /// for `bound` at most: false when the bound passed first. For synchronous tests and helpers
    /// (``ExternalTool/run(_:_:currentDirectory:extraEnvironment:timeout:)``).
    public static func blockingWait(for event: DispatchSemaphore, within bound: Duration) -> Bool {
        precondition(bound >= shortestBound, "a wait's bound is at least \(shortestBound) (\(bound) given)")
        let (seconds, attoseconds) = bound.components
        let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
        return event.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    /// glibc's `pidfd_open(2)` (2.36), which Swift's Glibc module does not declare.
    private static let pidfdOpen: @convention(c) (Int32, UInt32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") else { fatalError("glibc has no pidfd_open") }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UInt32) -> Int32).self)
    }()

    /// Awaits the end of every process in `pids`, for `bound` at most in all.
    public static func exit(of pids: [Int32], within bound: Duration) async throws {
        try await within(bound, "processes \(pids) to end") {
            for pid in pids { try await exit(of: pid, within: bound) }
        }
    }
}
