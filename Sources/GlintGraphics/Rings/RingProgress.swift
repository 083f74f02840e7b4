/// One ring's progress: a fraction of its goal (0.75 is 75%, 1.3 is 130%).
///
/// Built from a fraction or from a value and a goal (`420/600`). Negative values, NaN,
/// infinities, goals <= 0 and fractions above ``maximumFraction`` are refused.
public struct RingProgress: Sendable, Equatable, Codable {
    /// The largest accepted fraction (100 goals' worth): beyond it the ring would be drawn as
    /// hundreds of laps, which says nothing more and is almost certainly a unit mistake.
    public static let maximumFraction = 100.0

    /// Progress as a fraction of the goal.
    public let fraction: Double
    /// The value, when given as `value/goal`.
    public let value: Double?
    /// The goal, when given as `value/goal`.
    public let goal: Double?

    /// Progress given as a fraction.
    /// - Throws: ``RingsError`` `.invalidProgress` for a negative, non-finite or too large value.
    public init(fraction: Double, ring: ActivityRing? = nil) throws {
        try Self.check(fraction, what: Self.name(ring, "progress"))
        self.fraction = fraction
        self.value = nil
        self.goal = nil
    }

    /// Progress given as a value against a goal.
    /// - Throws: ``RingsError`` `.invalidProgress` for a negative or non-finite value, a goal that
    ///   is not a positive finite number, or a ratio above ``maximumFraction``.
    public init(value: Double, goal: Double, ring: ActivityRing? = nil) throws {
        let what = Self.name(ring, "value")
        guard goal.isFinite, goal > 0 else {
            throw RingsError(.invalidProgress, "\(Self.name(ring, "goal")) must be a positive number, not \(goal)")
        }
        try Self.check(value, what: what)
        let fraction = value / goal
        try Self.check(fraction, what: Self.name(ring, "progress"))
        self.fraction = fraction
        self.value = value
        self.goal = goal
    }

    /// Parses `0.75`, `75%` or `420/600`.
    /// - Throws: ``RingsError`` `.invalidProgress` naming the ring for text that is none of these.
    public init(parsing text: String, ring: ActivityRing? = nil) throws {
        let malformed = RingsError(
            .invalidProgress, "\(Self.name(ring, "progress")) must be a fraction (0.75), a percentage (75%) or value/goal (420/600), not \"\(text)\"")
        func number<S: StringProtocol>(_ part: S) throws -> Double {
            guard let v = Double(String(part.filter { $0 != " " })) else { throw malformed }
            return v
        }
        let trimmed = text.filter { $0 != " " }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 2:
            try self.init(value: number(parts[0]), goal: number(parts[1]), ring: ring)
        case 1 where trimmed.hasSuffix("%"):
            try self.init(fraction: number(trimmed.dropLast()) / 100, ring: ring)
        case 1:
            try self.init(fraction: number(trimmed), ring: ring)
        default:
            throw malformed
        }
    }

    private static func check(_ v: Double, what: String) throws {
        guard !v.isNaN else { throw RingsError(.invalidProgress, "\(what) is not a number (NaN)") }
        guard v.isFinite else { throw RingsError(.invalidProgress, "\(what) must be finite, not \(v)") }
        guard v >= 0 else { throw RingsError(.invalidProgress, "\(what) cannot be negative (\(v))") }
        guard v <= maximumFraction || what.hasSuffix("value") else {
            throw RingsError(.invalidProgress, "\(what) \(v) is above the accepted \(Int(maximumFraction))x the goal")
        }
    }

    private static func name(_ ring: ActivityRing?, _ noun: String) -> String {
        ring.map { "the \($0.rawValue) \(noun)" } ?? noun
    }
}
