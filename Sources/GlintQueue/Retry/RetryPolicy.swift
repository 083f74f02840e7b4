import Foundation

/// How long a failed job waits before its next attempt: exponential backoff with jitter, as River
/// does it (attempt⁴ seconds, ±10%), capped.
public struct RetryPolicy: Sendable, Hashable {
    /// The base of the curve: delay = base × attempt^exponent seconds before jitter.
    public var baseSeconds: Double
    public var exponent: Double
    /// Fraction of the delay added or taken away at random (0.1 is ±10%).
    public var jitter: Double
    /// No delay is longer than this.
    public var maximumSeconds: Double

    public init(baseSeconds: Double = 1, exponent: Double = 4, jitter: Double = 0.1, maximumSeconds: Double = 24 * 3600) {
        self.baseSeconds = baseSeconds
        self.exponent = exponent
        self.jitter = jitter
        self.maximumSeconds = maximumSeconds
    }

    public static let `default` = RetryPolicy()

    /// The delay before the attempt after `failedAttempt` (1 for the first), without jitter.
    public func nominalDelay(afterAttempt failedAttempt: Int) -> Double {
        min(baseSeconds * pow(Double(max(failedAttempt, 1)), exponent), maximumSeconds)
    }

    /// The delay with jitter drawn from `random`, never below zero nor above the cap.
    public func delay(afterAttempt failedAttempt: Int, using random: inout some RandomNumberGenerator) -> Double {
        let nominal = nominalDelay(afterAttempt: failedAttempt)
        let factor = jitter > 0 ? Double.random(in: (1 - jitter)...(1 + jitter), using: &random) : 1
        return min(max(nominal * factor, 0), maximumSeconds)
    }

    public func delay(afterAttempt failedAttempt: Int) -> Double {
        var random = SystemRandomNumberGenerator()
        return delay(afterAttempt: failedAttempt, using: &random)
    }
}
