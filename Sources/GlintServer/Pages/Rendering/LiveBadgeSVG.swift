/// The Live Photo badge drawn inline (rings-and-badges spec, "Live Photo badge"): the overlay
/// variant, white over a soft shadow, a dot inside a ring inside a dotted ring followed by the
/// letters LIVE, each letter a stroked path (no font). It is the same original drawing as
/// GlintGraphics' `BuiltInBadgeArtwork` (`.live`, `.overlay`), 232 x 100 units.
///
/// The page places it in the top-left corner of the photo with clear space of at least 10% of
/// its height on every side (`share.css`: `.live-badge`).
enum LiveBadgeSVG {
    /// The `<svg>` element; `id` prefixes its internal ids so two badges on a page never clash.
    static func markup(id: String = "live-badge") -> String {
        """
        <svg class="live-badge" role="img" aria-label="Live Photo" viewBox="0 0 232 100" width="232" height="100" \
        xmlns="http://www.w3.org/2000/svg"><defs>\
        <filter id="\(id)-shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3.5"/></filter>\
        <g id="\(id)-art" fill="none" stroke="currentColor" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">\
        <circle cx="50" cy="50" r="9" fill="currentColor" stroke="none"/>\
        <circle cx="50" cy="50" r="21" stroke-width="7"/>\
        <circle cx="50" cy="50" r="35" stroke-width="6" stroke-dasharray="1.5 9.5"/>\
        <path d="M106 22 L106 78 L126 78"/><path d="M140 22 L140 78"/>\
        <path d="M154 22 L168 78 L182 22"/><path d="M218 22 L196 22 L196 78 L218 78 M196 50 L214 50"/>\
        </g></defs>\
        <use href="#\(id)-art" color="#000000" opacity="0.45" transform="translate(0 1.5)" filter="url(#\(id)-shadow)"/>\
        <use href="#\(id)-art" color="#FFFFFF"/></svg>
        """
    }
}
