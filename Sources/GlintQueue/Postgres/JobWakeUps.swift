import GlintCore
import Synchronization

/// Workers waiting for jobs, and the signals that wake them.
///
/// A signal names a queue; every waiter on that queue resumes. A signal that arrives after a claim
/// started and before its worker begins to wait is not lost: `wait` returns at once when a queue was
/// signalled since the latest claim on it began (a spurious wake-up at worst, never a missed one).
final class JobWakeUps: Sendable {
    private struct Waiter {
        var queues: Set<String>
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
        var signalled: [String: UInt64] = [:]
        var claimedAt: [String: UInt64] = [:]
        var tick: UInt64 = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Call before each claim on `queues`.
    func claimStarting(in queues: [String]) {
        state.withLock { state in
            state.tick += 1
            for queue in queues { state.claimedAt[queue] = state.tick }
        }
    }

    /// Wakes the waiters on `queues`: all of them, or at most `limit` (the longest waiting first) when
    /// it is known how many jobs there are to take, so that one new job does not send every idle worker
    /// to claim it.
    func signal(_ queues: some Sequence<String>, limit: Int = .max) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.tick += 1
            let queues = Set(queues)
            for queue in queues { state.signalled[queue] = state.tick }
            let ids = state.waiters.filter { !$0.value.queues.isDisjoint(with: queues) }.map(\.key).sorted().prefix(limit)
            return ids.compactMap { state.waiters.removeValue(forKey: $0)?.continuation }
        }
        for continuation in woken { continuation.resume() }
    }

    /// Wakes every waiter (after the listener reconnects: notifications may have been missed).
    func signalAll() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.tick += 1
            for queue in Set(state.waiters.values.flatMap(\.queues)) { state.signalled[queue] = state.tick }
            defer { state.waiters = [:] }
            return state.waiters.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when one of `queues` is signalled (true), `timeout` passes on `clock` or the task is
    /// cancelled (false).
    func wait(for queues: [String], timeout: Duration, on clock: any WallClock) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.waitForSignal(queues)
                return !Task.isCancelled
            }
            group.addTask {
                await clock.pause(for: timeout)
                return false
            }
            let signalled = await group.next() ?? false
            group.cancelAll()
            return signalled
        }
    }

    private func waitForSignal(_ queues: [String]) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    let missed = queues.contains { (state.signalled[$0] ?? 0) > (state.claimedAt[$0] ?? 0) }
                    if missed { return true }
                    state.waiters[id] = Waiter(queues: Set(queues), continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiters.removeValue(forKey: id)?.continuation }
            continuation?.resume()
        }
    }
}
