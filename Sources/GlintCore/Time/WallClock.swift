import Foundation
import Synchronization

/// The one clock Glint goes by: what a store stamps its records with, what a worker's heartbeat,
/// a runner's deadline, a server's timers and every other wait sleep on. Nothing in Sources reads
/// the real time or sleeps except ``SystemWallClock``; everything else is handed a clock, so that
/// tests move time (``ManualWallClock``) instead of waiting for it.
///
/// Stores never read the database's `now()`: they bind this clock's time.
public protocol WallClock: Sendable {
    /// The time now.
    func now() -> Date

    /// Suspends for `duration` of this clock's time (returns at once for none).
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(for duration: Duration) async throws

    /// Blocks the calling thread for `duration` of this clock's time: for the few waits that run
    /// outside Swift concurrency (a retried open of a database another process holds).
    func sleepBlocking(for duration: Duration)
}

extension WallClock {
    /// How long has passed on this clock since `start`.
    public func elapsed(since start: Date) -> Duration {
        .seconds(now().timeIntervalSince(start))
    }

    /// The moment `duration` from now.
    public func deadline(after duration: Duration) -> Date {
        now().addingTimeInterval(duration.seconds)
    }

    /// How long is left until `deadline` (none once it passed).
    public func remaining(until deadline: Date) -> Duration {
        .seconds(max(0, deadline.timeIntervalSince(now())))
    }

    /// Suspends until `deadline` on this clock.
    public func sleep(until deadline: Date) async throws {
        try await sleep(for: remaining(until: deadline))
    }

    /// Waits `duration`, or less when cancelled: for loops that check `Task.isCancelled` themselves.
    public func pause(for duration: Duration) async {
        try? await sleep(for: duration)
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    public var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// The system's clock: the real time of day, and `Task.sleep` for waits.
public struct SystemWallClock: WallClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try Task.checkCancellation() }
        try await Task.sleep(for: duration)
    }

    public func sleepBlocking(for duration: Duration) {
        guard duration > .zero else { return }
        Thread.sleep(forTimeInterval: duration.seconds)
    }
}
