/// A request the renderer changed, rather than refused, to keep to the spec; reported with the
/// output (`glint rings --json` lists them) so that nothing is silently drawn other than asked.
public struct RingCorrection: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What was corrected.
    public enum Kind: String, Sendable, Codable {
        /// The margin asked for was smaller than the spec's minimum (the gap) or than
        /// ``RingGeometry/minimumMarginPixels``, and was widened.
        case marginWidened
        /// A progress so small that the arc and its round caps cannot end on the value is drawn
        /// as the smallest mark: one cap-sized dot at 12 o'clock.
        case progressBelowSmallestArc
    }

    /// What was corrected.
    public var kind: Kind
    /// The ring concerned, if one.
    public var ring: ActivityRing?
    /// What was asked and what was drawn instead.
    public var message: String

    /// Creates a correction record.
    public init(_ kind: Kind, ring: ActivityRing? = nil, _ message: String) {
        self.kind = kind
        self.ring = ring
        self.message = message
    }

    /// The message, prefixed with the ring when there is one.
    public var description: String { ring.map { "\($0.rawValue): \(message)" } ?? message }
}
