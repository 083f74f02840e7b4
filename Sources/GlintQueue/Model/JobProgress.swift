import Foundation

/// How far a running job has got: a fraction in 0...1 and a short message for people.
public struct JobProgress: Hashable, Sendable, Codable {
    /// 0...1 (values outside are clamped).
    public var fraction: Double
    public var message: String?

    public init(fraction: Double, message: String? = nil) {
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        self.message = message
    }
}
