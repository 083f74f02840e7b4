import Synchronization

/// Why a running job must stop before its handler finishes.
enum JobStopReason: Hashable, Sendable {
    /// Cancellation was asked for: acknowledge it (the job becomes `cancelled`).
    case cancelRequested
    /// The lease is gone (rescued, maybe running elsewhere): record nothing.
    case leaseLost
    /// The worker is shutting down: give the job back without counting the attempt.
    case shutdown
}

/// A one-shot signal telling one running job to stop, and why. The first reason fired wins.
final class JobStopSignal: Sendable {
    private struct State {
        var reason: JobStopReason?
        var waiters: [Int: CheckedContinuation<JobStopReason?, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    init() {}

    /// The reason, once fired.
    var reason: JobStopReason? { state.withLock { $0.reason } }

    /// Fires the signal (later calls change nothing).
    func fire(_ reason: JobStopReason) {
        let waiters = state.withLock { state -> [CheckedContinuation<JobStopReason?, Never>] in
            guard state.reason == nil else { return [] }
            state.reason = reason
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: reason) }
    }

    /// Waits until the signal fires; nil when the waiting task is cancelled first.
    func wait() async -> JobStopReason? {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate: JobStopReason?? = state.withLock { state in
                    if let reason = state.reason { return .some(reason) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: nil)
        }
    }
}
