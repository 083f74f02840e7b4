import Foundation
import Synchronization

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
    ///
    /// `body` and the bound's timer run on a thread of their own (``ThreadExecutor``), so that
    /// the bound is measured against what `body` awaits, not against the turns the task pool gives
    /// this test among the others. The bound holds whatever `body` does: past it `body` is
    /// cancelled and left to end by itself, and ``TimedOut`` is thrown at once. (A task group would wait for a body that
    /// cancellation cannot reach, a thread blocked in a read, and the wait would have no bound.)
    /// A body left so must not hold a thread of the task pool: work that blocks runs on a thread
    /// of its own (``blocking(_:_:_:)``), so that what is left behind only waits.
    /// - Throws: ``TimedOut`` when `body` has not returned within `bound`, or what `body` throws.
    public static func within<R: Sendable>(
        _ bound: Duration, _ what: @autoclosure () -> String, _ body: @escaping @Sendable () async throws -> R
    ) async throws -> R {
        precondition(bound >= shortestBound, "a wait's bound is at least \(shortestBound) (\(bound) given)")
        let outcome = FirstOutcome<R>()
        let timedOut = TimedOut(what: what(), bound: bound)
        // Both on a thread of their own, not the task pool's: the first to happen wins, however
        // long the pool would have kept either waiting (ThreadExecutor).
        let executor = ThreadExecutor(name: "glint-wait", users: 2)
        let work = Task(executorPreference: executor) {
            defer { executor.release() }
            do {
                outcome.finish(.success(try await body()))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        let timer = Task(executorPreference: executor) {
            defer { executor.release() }
            guard (try? await Task.sleep(for: bound)) != nil else { return }
            outcome.finish(.failure(timedOut))
        }
        defer {
            work.cancel()
            timer.cancel()
        }
        return try await withTaskCancellationHandler {
            try await outcome.value
        } onCancel: {
            work.cancel()
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
        // The waiting thread closes the descriptor: past the bound it goes on waiting (for as long as
        // the process lives), and its descriptor must not be closed under it, nor its number reused.
        try await blocking(bound, "process \(pid) to end") {
            defer { close(descriptor) }
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

    /// Blocks the calling thread until process `pid` (a child or not) has ended, told by the kernel
    /// (a pidfd), for `bound` at most: false when the bound passed first. True at once for a
    /// process already gone. For synchronous helpers (``ProcessExit/blockingStatus(of:within:)``).
    public static func blockingExit(of pid: Int32, within bound: Duration) -> Bool {
        precondition(bound >= shortestBound, "a wait's bound is at least \(shortestBound) (\(bound) given)")
        let descriptor = pidfdOpen(pid, 0)
        guard descriptor >= 0 else { return true }  // already gone (ESRCH)
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + bound
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let ready = poll(&entry, 1, Int32(clamping: milliseconds))
            // Ended; or an error other than a signal's interruption, which waiting cannot mend.
            if ready > 0 || (ready < 0 && errno != EINTR) { return true }
        }
        return false
    }

    /// glibc's `pidfd_open(2)` (2.36), which Swift's Glibc module does not declare.
    private static let pidfdOpen: @convention(c) (Int32, UInt32) -> Int32 = GlibcSymbol.named("pidfd_open")

    /// Awaits the end of every process in `pids`, for `bound` at most in all.
    public static func exit(of pids: [Int32], within bound: Duration) async throws {
        try await within(bound, "processes \(pids) to end") {
            for pid in pids { try await exit(of: pid, within: bound) }
        }
    }

    /// The first of several outcomes handed in (the body's, the bound's), for one awaiting task.
    private final class FirstOutcome<R: Sendable>: Sendable {
        private struct State {
            var result: Result<R, any Error>?
            var waiter: CheckedContinuation<R, any Error>?
        }

        private let state = Mutex(State())

        /// Keeps `result` unless an outcome came first, and hands it to the waiter.
        func finish(_ result: Result<R, any Error>) {
            let waiter = state.withLock { state -> CheckedContinuation<R, any Error>? in
                guard case .none = state.result else { return nil }
                state.result = result
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(with: result)
        }

        /// The first outcome, once there is one.
        var value: R {
            get async throws {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
                    let result = state.withLock { state -> Result<R, any Error>? in
                        if case .none = state.result { state.waiter = continuation }
                        return state.result
                    }
                    if let result { continuation.resume(with: result) }
                }
            }
        }
    }
}
