import GlintCore
import Synchronization

/// Wakes the worker's claim loop: a job finished (a slot is free) or shutdown began. An
/// auto-reset event: a signal given while nobody waits is kept for the next wait.
final class WorkerWakeup: Sendable {
    private struct State {
        var pending = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Wakes every waiter, or the next one to wait.
    func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.waiters.isEmpty else {
                state.pending = true
                return []
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits for a signal (returns at once when one is pending) or for the task's cancellation.
    func wait() async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if immediate { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    /// Waits for a signal, at most `timeout` of `clock`'s time.
    func wait(timeout: Duration, on clock: any WallClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait() }
            group.addTask { await clock.pause(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}
