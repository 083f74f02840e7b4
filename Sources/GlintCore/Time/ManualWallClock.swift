import Foundation
import Synchronization

/// A clock that moves only when told: for tests. ``advance(by:)`` moves its time and wakes every
/// sleeper whose time came, in the order of their deadlines; ``sleepers(until:)`` waits, without
/// polling, until something sleeps on it, so that a test advances time only once the code under
/// test is waiting for it.
public final class ManualWallClock: WallClock {
    private struct Sleeper {
        let deadline: Date
        /// How long it asked to sleep.
        let duration: Duration
        /// Ends the sleep: normally, or (true) by cancellation.
        let wake: @Sendable (_ cancelled: Bool) -> Void
    }

    private struct Watcher {
        let matches: @Sendable (Sleeper) -> Bool
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Date
        var sleepers: [Int: Sleeper] = [:]
        var watchers: [Int: Watcher] = [:]
        var nextID = 0

        mutating func takeID() -> Int {
            nextID += 1
            return nextID
        }

        func count(_ matches: (Sleeper) -> Bool) -> Int { sleepers.values.count(where: matches) }

        /// The watchers now satisfied, removed.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let ready = watchers.filter { count($0.value.matches) >= $0.value.count }
            for id in ready.keys { watchers[id] = nil }
            return ready.values.map(\.continuation)
        }
    }

    private let state: Mutex<State>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { state = Mutex(State(now: start)) }

    public func now() -> Date { state.withLock { $0.now } }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        guard duration > .zero else { return }
        let id = state.withLock { $0.takeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    let wake: @Sendable (Bool) -> Void = { cancelled in
                        cancelled ? continuation.resume(throwing: CancellationError()) : continuation.resume()
                    }
                    state.sleepers[id] = Sleeper(deadline: state.now.addingTimeInterval(duration.seconds), duration: duration, wake: wake)
                    return state.satisfiedWatchers()
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.wake(true)
        }
        try Task.checkCancellation()
    }

    public func sleepBlocking(for duration: Duration) {
        guard duration > .zero else { return }
        let woken = DispatchSemaphore(value: 0)
        let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            let id = state.takeID()
            state.sleepers[id] = Sleeper(deadline: state.now.addingTimeInterval(duration.seconds), duration: duration) { _ in woken.signal() }
            return state.satisfiedWatchers()
        }
        for watcher in watchers { watcher.resume() }
        woken.wait()
    }

    /// Moves the time on by `duration`, waking the sleepers whose deadline it reaches.
    public func advance(by duration: Duration) {
        set(now().addingTimeInterval(duration.seconds))
    }

    /// Moves the time on by `seconds`.
    public func advance(by seconds: TimeInterval) { advance(by: .seconds(seconds)) }

    /// Sets the time (backwards too: nobody sleeping is woken by that).
    public func set(_ date: Date) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = date
            let due = state.sleepers.filter { $0.value.deadline <= date }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.wake(false) }
    }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once at least `count` tasks sleep on this clock until `within` from now at the
    /// latest (any deadline when nil): the code under test has reached its wait. It waits on the
    /// sleepers' arrival, not by polling; a test bounds it with its waiting helper.
    public func sleepers(_ count: Int = 1, within: Duration? = nil) async {
        let deadline = within.map { now().addingTimeInterval($0.seconds) } ?? .distantFuture
        await watch(count) { $0.deadline <= deadline }
    }

    /// Returns once at least `count` tasks sleep on this clock for exactly `duration` (a loop's
    /// own interval tells its sleep from the others').
    public func sleepers(_ count: Int = 1, sleepingFor duration: Duration) async {
        await watch(count) { $0.duration == duration }
    }

    /// Returns once `count` sleepers match, or when the task is cancelled (a waiting helper's bound).
    private func watch(_ count: Int, _ matches: @escaping @Sendable (Sleeper) -> Bool) async {
        let id = state.withLock { $0.takeID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.count(matches) >= count || Task.isCancelled { return true }
                    state.watchers[id] = Watcher(matches: matches, count: count, continuation: continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.watchers.removeValue(forKey: id) }?.continuation.resume()
        }
    }
}
