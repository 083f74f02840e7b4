import Foundation
import GlintCore
import Synchronization

/// Token buckets by name, the one home of Glint's request rates (an API key's ``RequestRateLimiter``,
/// a client address's on the anonymous pages): each holds up to its burst and fills at its rate;
/// a request takes one token, and one that finds none learns how long until one is there.
///
/// Memory is bounded: a bucket that has filled up again is the same as none and is dropped by a
/// sweep (at most once a minute, when a name is seen for the first time), and there are never more
/// than ``capacity`` buckets: when full, the sweep also drops the longest idle quarter.
public final class TokenBuckets: Sendable {
    private struct Bucket {
        var tokens: Double
        var filledAt: Date
        var rate: Double
        var burst: Int

        /// Whether it is full again at `time` (as good as no bucket).
        func isFull(at time: Date) -> Bool {
            tokens + max(time.timeIntervalSince(filledAt), 0) * rate >= Double(burst)
        }
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        var sweptAt: Date
    }

    /// The most buckets held at once.
    public let capacity: Int
    /// How often idle buckets are swept at most.
    static let sweepInterval = Duration.seconds(60)
    private let state: Mutex<State>
    private let clock: any WallClock

    /// - Parameters:
    ///   - capacity: The most buckets held at once (at least 4).
    ///   - clock: What the buckets fill by (the server's; a `ManualWallClock` in tests).
    public init(capacity: Int = 100_000, clock: any WallClock = SystemWallClock()) {
        self.capacity = max(capacity, 4)
        self.clock = clock
        state = Mutex(State(sweptAt: clock.now()))
    }

    /// Takes a token from `name`'s bucket (made full when there is none).
    /// - Returns: nil when a token was taken; else the seconds until one is there.
    public func take(_ name: String, rate: Double, burst: Int) -> Double? {
        let time = clock.now()
        return state.withLock { state in
            if state.buckets[name] == nil { Self.sweep(&state, at: time, capacity: capacity) }
            var bucket = state.buckets[name] ?? Bucket(tokens: Double(burst), filledAt: time, rate: rate, burst: burst)
            let elapsed = max(time.timeIntervalSince(bucket.filledAt), 0)
            bucket.tokens = min(Double(burst), bucket.tokens + elapsed * rate)
            (bucket.filledAt, bucket.rate, bucket.burst) = (time, rate, burst)
            defer { state.buckets[name] = bucket }
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / rate }
            bucket.tokens -= 1
            return nil
        }
    }

    /// How many buckets are held now.
    public var count: Int { state.withLock { $0.buckets.count } }

    /// Drops full buckets (once a minute, or whenever at capacity), then, still at capacity, the
    /// longest idle quarter.
    private static func sweep(_ state: inout State, at time: Date, capacity: Int) {
        guard state.buckets.count >= capacity || time.timeIntervalSince(state.sweptAt) >= sweepInterval.seconds else { return }
        state.sweptAt = time
        state.buckets = state.buckets.filter { !$0.value.isFull(at: time) }
        guard state.buckets.count >= capacity else { return }
        let idlest = state.buckets.sorted { $0.value.filledAt < $1.value.filledAt }.prefix(state.buckets.count - capacity * 3 / 4)
        for (name, _) in idlest { state.buckets[name] = nil }
    }
}
