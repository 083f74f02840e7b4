/// Glint's own badge drawings: original vector artwork (not Apple's), written as SVG and
/// rendered with librsvg, with every letter drawn as a stroked path so that no font is needed.
///
/// All drawings are 100 units high and stretch to the exact box they are given (at most half a
/// pixel off their proportions, so a solid plate fills its box to the edge). The AR glyph is an outlined isometric cube; the Live glyph
/// is a dot inside a ring inside a dotted ring (slashed for ``BadgeKind/liveOff``). The
/// ``BadgeStyle/overlay`` variant is white over a soft black shadow that stays inside the
/// drawing's box; ``BadgeStyle/solid`` puts the glyph in near-black on a white rounded plate
/// filling the box. Apple's artwork is the user's to supply (``BadgeArtwork/file(path:)``).
public enum BuiltInBadgeArtwork {
    /// The SVG document of `kind` in `style`.
    public static func svg(_ kind: BadgeKind, style: BadgeStyle) -> String {
        let width = Self.width(kind)
        let body: String
        switch style {
        case .overlay:
            body = """
                <use xlink:href="#art" color="#000000" opacity="0.45" transform="translate(0 1.5)" filter="url(#shadow)"/>
                <use xlink:href="#art" color="#FFFFFF"/>
                """
        case .solid:
            body = """
                <rect x="0" y="0" width="\(width)" height="100" rx="22" ry="22" fill="#FFFFFF"/>
                <use xlink:href="#art" color="#1C1C1E"/>
                """
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="100" viewBox="0 0 \(width) 100" preserveAspectRatio="none">
            <defs>
            <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3.5"/></filter>
            <g id="art" fill="none" stroke="currentColor" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">\(drawing(kind))</g>
            </defs>
            \(body)
            </svg>
            """
    }

    /// The drawing's width in units (its height is 100).
    public static func width(_ kind: BadgeKind) -> Int {
        switch kind {
        case .arGlyph: return 100
        case .ar: return 188
        case .live, .liveOff: return 232
        }
    }

    /// Width over height.
    public static func aspectRatio(_ kind: BadgeKind) -> Double { Double(width(kind)) / 100 }

    private static let cube = """
        <path d="M50 16 L79 32 L79 68 L50 84 L21 68 L21 32 Z M21 32 L50 48 L79 32 M50 48 L50 84"/>
        """
    private static let letters = """
        <path d="M104 78 L119 22 L134 78 M109.5 59 L128.5 59"/>
        <path d="M146 78 L146 22 L160 22 A14 14 0 0 1 160 50 L146 50 M158 50 L172 78"/>
        """
    private static let rings = """
        <circle cx="50" cy="50" r="9" fill="currentColor" stroke="none"/>
        <circle cx="50" cy="50" r="21" stroke-width="7"/>
        <circle cx="50" cy="50" r="35" stroke-width="6" stroke-dasharray="1.5 9.5"/>
        """
    private static let slash = """
        <path d="M17 17 L83 83" stroke-width="7"/>
        """
    private static let live = """
        <path d="M106 22 L106 78 L126 78"/>
        <path d="M140 22 L140 78"/>
        <path d="M154 22 L168 78 L182 22"/>
        <path d="M218 22 L196 22 L196 78 L218 78 M196 50 L214 50"/>
        """

    private static func drawing(_ kind: BadgeKind) -> String {
        switch kind {
        case .arGlyph: return cube
        case .ar: return cube + letters
        case .live: return rings + live
        case .liveOff: return rings + slash + live
        }
    }
}
