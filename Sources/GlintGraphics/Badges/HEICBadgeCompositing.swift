import GlintMedia

/// Badges a HEIC: decoded in display orientation (libheif applies `irot`/`imir`), badged there,
/// and encoded again with its EXIF (Apple MakerNote included, `Orientation` 1), XMP and
/// ICC/`nclx` profile, upright, as an edited Live Photo HEIC is written.
enum HEICBadgeCompositing {
    static func badge(
        _ still: HEICStill, specification: BadgeSpecification, limits: ImageLimits,
        encoding: StillEncoding = StillEncoding()
    ) throws -> BadgedImage {
        let layout = try BadgeCompositor.layout(
            storedWidth: still.width, storedHeight: still.height, orientation: .up,
            specification: specification)
        let badges = try BadgeRenderer.render(layout, specification: specification, orientation: .up, colourSpace: try still.colourSpace())
        var image = try still.decode(limits: limits)
        for badge in badges { AlphaCompositing.over(badge.image, onto: &image, x: badge.x, y: badge.y) }
        let output = try still.encodeEdited(image, exif: still.exif, encoding: encoding)
        return BadgedImage(bytes: output, format: .heic, layout: layout, method: .fullReencode, orientationRawValue: 1)
    }
}
