import GlintCore

/// Requests per second per API key, with a burst: a token bucket per key (``TokenBuckets``) that
/// holds up to the burst and fills at the rate; a request takes one token, and one that finds none is answered
/// 429 `rate-limited` with `Retry-After` (the seconds until a token is there).
///
/// Each API node counts its own requests: behind a load balancer spreading them over N nodes, a
/// key gets up to N times its rate in all.
public final class RequestRateLimiter: Sendable {
    private let buckets: TokenBuckets

    /// - Parameter clock: What the buckets fill by (the server's, ``ServerContext/clock``).
    public init(clock: any WallClock = SystemWallClock()) {
        buckets = TokenBuckets(clock: clock)
    }

    /// Takes a token from `key`'s bucket.
    /// - Throws: a `rate-limited` problem when the bucket is empty.
    func admit(key: String, rate: Double, burst: Int) throws(Problem) {
        let wait = buckets.take(key, rate: rate, burst: burst)
        guard let wait else { return }
        let seconds = max(1, Int(wait.rounded(.up)))
        throw Problem(
            .rateLimited, detail: "more than \(Self.text(rate)) requests per second (burst \(burst)) with this key: the limit of its rate",
            headers: [.retryAfter: String(seconds)], limit: KeyLimits.Name.rate.rawValue)
    }

    private static func text(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String(rate)
    }
}
