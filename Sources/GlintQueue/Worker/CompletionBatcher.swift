import Synchronization

/// Group commit for completions: while one `complete` call is at the store, the completions that
/// arrive wait and then go together in the next call, so a busy worker completes in batches
/// without waiting on a timer.
final class CompletionBatcher: Sendable {
    private enum Ticket: Sendable {
        case lead
        case done(Bool)
    }

    private struct State {
        var flushing = false
        var pending: [(JobCompletion, CheckedContinuation<Ticket, any Error>)] = []
    }

    private let store: any JobStore
    private let state = Mutex(State())

    init(store: any JobStore) {
        self.store = store
    }

    /// Completes one job, together with any others completing at the same time.
    /// - Returns: Whether the store recorded it (false: the lease was lost).
    func complete(_ completion: JobCompletion) async throws -> Bool {
        let ticket: Ticket = try await withCheckedThrowingContinuation { continuation in
            let lead = state.withLock { state -> Bool in
                if state.flushing {
                    state.pending.append((completion, continuation))
                    return false
                }
                state.flushing = true
                return true
            }
            if lead { continuation.resume(returning: .lead) }
        }
        switch ticket {
        case .done(let recorded): return recorded
        case .lead: return try await flush(startingWith: completion)
        }
    }

    /// The leader's loop: its own completion first, then whatever queued meanwhile, until none is left.
    private func flush(startingWith own: JobCompletion) async throws -> Bool {
        var batch: [(JobCompletion, CheckedContinuation<Ticket, any Error>?)] = [(own, nil)]
        var ownOutcome: Result<Bool, any Error> = .success(false)
        while !batch.isEmpty {
            do {
                let recorded = try await store.complete(batch.map(\.0))
                for (completion, waiter) in batch {
                    let value = recorded[completion.id] ?? false
                    if let waiter { waiter.resume(returning: .done(value)) } else { ownOutcome = .success(value) }
                }
            } catch {
                for (_, waiter) in batch {
                    if let waiter { waiter.resume(throwing: error) } else { ownOutcome = .failure(error) }
                }
            }
            batch = state.withLock { state in
                let next = state.pending
                state.pending = []
                if next.isEmpty { state.flushing = false }
                return next.map { ($0.0, Optional($0.1)) }
            }
        }
        return try ownOutcome.get()
    }
}
