/// How a built-in badge is drawn (Apple's Live Photo guidelines offer both).
public enum BadgeStyle: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// White artwork over a soft shadow, legible on busy content.
    case overlay
    /// The artwork on a plate of one solid colour, without a shadow.
    case solid

    public var description: String { rawValue }
}
