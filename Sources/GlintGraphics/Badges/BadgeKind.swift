/// Which badge is drawn on a photo.
///
/// The AR badges follow Apple's Human Interface Guidelines (Augmented Reality > AR badges): the
/// full badge (glyph plus "AR") is preferred and the glyph-only one is used where the full one
/// does not fit. The Live Photo badges mark a photo that is live (``live``) or whose motion is
/// off (``liveOff``, slashed), where the motion cannot be shown.
public enum BadgeKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The AR glyph followed by the letters "AR".
    case ar
    /// The AR glyph alone.
    case arGlyph = "ar-glyph"
    /// The Live Photo badge.
    case live
    /// The Live Photo badge, slashed: a Live Photo whose motion is off.
    case liveOff = "live-off"

    /// The smaller form this badge falls back to when it does not fit with its clear space
    /// (``arGlyph`` for ``ar``); `nil` for the others.
    public var glyphOnlyFallback: BadgeKind? { self == .ar ? .arGlyph : nil }

    public var description: String { rawValue }
}
