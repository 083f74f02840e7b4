import GlintCore
import Synchronization

/// A deadline on a ``WallClock`` for work that may not end when cancelled (a name lookup blocks a
/// thread until the resolver answers): the work runs on a task of its own, raced by a sleep on
/// the clock. Whichever ends first gives the answer; the other is cancelled, and work that does
/// not stop when cancelled is left to end by itself, its answer dropped.
enum ClockDeadline {
    /// Runs `work` until it returns or `timeout` passes on `clock`.
    /// - Throws: what `expired` makes when `timeout` passed first; what `work` throws;
    ///   `CancellationError` when the calling task is cancelled first.
    static func run<T: Sendable>(
        within timeout: Duration, on clock: any WallClock, expired: @autoclosure @escaping @Sendable () -> any Error,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let worker = Task {
                    do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
                }
                let timer = Task {
                    do { try await clock.sleep(for: timeout) } catch { return }
                    race.finish(.failure(expired()))
                }
                race.start(continuation, work: worker, timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The one answer of a race, and its two tasks (cancelled once it has one).
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var tasks: [Task<Void, Never>] = []
            /// The answer that came before the continuation was there (a cancellation first).
            var early: Result<T, any Error>?
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
            let early = state.withLock { state -> Result<T, any Error>? in
                state.tasks = [work, timer]
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                return early
            }
            guard let early else { return }
            work.cancel()
            timer.cancel()
            continuation.resume(with: early)
        }

        /// Gives `result` as the answer unless there is one already, and cancels both tasks.
        func finish(_ result: Result<T, any Error>) {
            let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
                defer { state.continuation = nil }
                if state.continuation == nil, state.tasks.isEmpty, state.early == nil { state.early = result }
                return (state.continuation, state.tasks)
            }
            guard let continuation else { return }
            for task in tasks { task.cancel() }
            continuation.resume(with: result)
        }
    }
}
