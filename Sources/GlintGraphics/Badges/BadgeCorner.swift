/// The corner of the displayed photo a badge sits in. Every image of one call gets the same
/// corner (the guidelines ask for the same position on every item); Apple uses the top left.
public enum BadgeCorner: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    /// Whether the corner is on the left edge.
    public var isLeft: Bool { self == .topLeft || self == .bottomLeft }
    /// Whether the corner is on the top edge.
    public var isTop: Bool { self == .topLeft || self == .topRight }

    public var description: String { rawValue }
}
