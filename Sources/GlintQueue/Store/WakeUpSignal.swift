import Foundation
import GlintCore
import Synchronization

/// Wakes the tasks of this process that wait for jobs, as soon as something in this process makes
/// jobs claimable (a submit, retry, release or rescue).
///
/// Signals are coalesced: a waiter compares the generation it started from with the current one,
/// so any number of signals while it waits wakes it once, and signals with nobody waiting cost a
/// counter increment.
final class WakeUpSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Changes every time `signal()` is called.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Wakes every current waiter.
    func signal() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            let waiters = state.waiters
            state.waiters = [:]
            return waiters
        }
        for continuation in waiters.values { continuation.resume() }
    }

    /// Returns when the generation differs from `since`, when `timeout` has passed on `clock`, or
    /// when the task is cancelled, whichever comes first.
    func wait(since generation: UInt64, timeout: Duration, on clock: any WallClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await clock.pause(for: timeout) }
            group.addTask { await self.waitForSignal(since: generation) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForSignal(since generation: UInt64) async {
        let token = state.withLock { state in
            state.nextWaiter &+= 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.generation != generation || Task.isCancelled { return true }
                    state.waiters[token] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiters.removeValue(forKey: token) }
            continuation?.resume()
        }
    }
}
