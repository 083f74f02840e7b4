import Foundation
import Synchronization

/// The time a store and a worker go by. Stores never read the database's `now()`: they bind this
/// clock's time, so tests can move it (backoff, leases, retention) without sleeping.
public protocol WallClock: Sendable {
    func now() -> Date
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that only moves when told: for tests.
public final class ManualWallClock: WallClock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }

    public func set(_ date: Date) { current.withLock { $0 = date } }
}
