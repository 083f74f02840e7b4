import Foundation

/// A task executor with a thread of its own, for the tasks of one ``Waiting/within(_:_:_:)``: the
/// awaited body and the bound's timer.
///
/// On Swift's task pool (as many threads as cores: two here) a continuation that is ready waits
/// behind every other test's work, and a synchronous test (a whole edit, an encode) holds its thread
/// from start to end: on a loaded machine a test's event could come, and its bound pass, while
/// neither task got a thread to say so, and the bound would be taken for the behaviour's. Here the
/// body's continuations and the timer run on this thread, so which comes first, the event or the
/// bound, is decided when each happens, however busy the pool is. (Code isolated to an actor still
/// runs on the actor's executor.)
///
/// The thread ends once every user has called ``release()`` and no job is left: a body left behind
/// past its bound keeps it, idle, until the body ends.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var users: Int

    /// Starts the thread, for `users` tasks, each of which calls ``release()`` as its last step.
    init(name: String, users: Int) {
        self.users = users
        let thread = Thread { [self] in self.run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// One user is done with the executor (called from its last job, on this thread).
    func release() {
        condition.lock()
        users -= 1
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The next job, waiting for one; nil once every user is done and none is left.
    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty {
            if users <= 0 { return nil }
            condition.wait()
        }
        return jobs.removeFirst()
    }
}
