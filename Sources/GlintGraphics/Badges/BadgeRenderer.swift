import GlintMedia

/// Draws the badges of a layout ready to composite onto a photo's stored pixels: each artwork
/// rendered at its placed size, converted into the photo's colour space, and turned from the
/// displayed orientation into the stored one (so a JPEG with an EXIF orientation is patched
/// where its pixels are, without turning the photo).
public enum BadgeRenderer {
    /// One badge, ready to composite.
    public struct StoredBadge: Sendable {
        /// The badge's pixels in stored orientation, straight alpha, in the photo's colour space.
        public var image: RGBAImage
        /// Where its top-left corner goes, in stored pixels.
        public var x: Int
        public var y: Int
    }

    /// Renders every badge of `layout`.
    /// - Parameters:
    ///   - orientation: How the photo's stored pixels are displayed.
    ///   - colourSpace: The photo's colour space.
    public static func render(
        _ layout: BadgeLayout, specification: BadgeSpecification, orientation: Orientation,
        colourSpace: ColourSpace
    ) throws -> [StoredBadge] {
        try layout.badges.map { placed in
            let artwork = specification.artwork(for: placed.kind)
            var image = try artwork.render(height: placed.rect.height)
            guard image.width == placed.rect.width else {
                throw BadgeError(.renderFailed, file: artwork.file, "the artwork rendered \(image.width) px wide, not the \(placed.rect.width) px placed")
            }
            image = try BadgeColourMatch.convert(image, to: colourSpace)
            let stored = placed.rect.stored(orientation: orientation, displayedWidth: layout.displayedWidth, displayedHeight: layout.displayedHeight)
            return StoredBadge(image: image.transformed(by: orientation.inverse), x: stored.x, y: stored.y)
        }
    }
}
