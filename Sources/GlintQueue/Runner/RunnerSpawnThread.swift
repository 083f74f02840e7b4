import Foundation
import Synchronization

/// The one thread that starts runners, for the life of the process. A process that asks to die
/// with its parent (`PR_SET_PDEATHSIG`, what bubblewrap's `--die-with-parent` uses) is killed when
/// the *thread* that started it exits, not the process, and the threads of Swift's task pool
/// (libdispatch's workers) exit after 5 s idle: a runner started from one could be killed mid-job
/// whenever its thread retired. This thread never exits, so a runner dies with its worker only.
enum RunnerSpawnThread {
    /// What the thread has still to run.
    private static let requests = Mutex<[@Sendable () -> Void]>([])
    /// Signalled once per request.
    private static let pending = DispatchSemaphore(value: 0)
    /// Starts the thread, once.
    private static let started: Void = {
        let thread = Thread {
            while true {
                pending.wait()
                let request = requests.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                request?()
            }
        }
        thread.name = "glint-runner-spawn"
        thread.start()
    }()

    /// Runs `body` on the thread and waits for it.
    /// - Throws: What `body` throws.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        _ = started
        let outcome = Outcome<T>()
        requests.withLock { $0.append { outcome.finish(Result { try body() }) } }
        pending.signal()
        return try outcome.wait().get()
    }

    /// One request's result, handed from the thread to its caller (the semaphore orders the two).
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private var result: Result<T, any Error>?
        private let done = DispatchSemaphore(value: 0)

        func finish(_ result: Result<T, any Error>) {
            self.result = result
            done.signal()
        }

        func wait() -> Result<T, any Error> {
            done.wait()
            return result!
        }
    }
}
