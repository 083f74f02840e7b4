import GlintMedia

/// Badges a PNG: decoded to 8-bit RGBA with libpng, badged (alpha kept: a badge over a
/// transparent area is the badge itself), and encoded again as 8-bit RGBA. The PNG's own
/// ancillary chunks (text, EXIF, time, physical size, ICC profile) are carried over by
/// ``PNGChunkCarrier``. Its pixels are taken as displayed (PNG has no orientation Glint applies).
enum PNGBadgeCompositing {
    static func badge(_ bytes: [UInt8], file: String, specification: BadgeSpecification, limits: ImageLimits) throws -> BadgedImage {
        var image = try PNGDecoder.decode(bytes, file: file, limits: limits)
        let layout = try BadgeCompositor.layout(
            storedWidth: image.width, storedHeight: image.height, orientation: .up,
            specification: specification)
        // PNG pixels are taken as sRGB (an iCCP profile is carried over but not read: its zlib
        // data is not unpacked here), so the artwork goes in as it is.
        let badges = try BadgeRenderer.render(layout, specification: specification, orientation: .up, colourSpace: .sRGB)
        for badge in badges { AlphaCompositing.over(badge.image, onto: &image, x: badge.x, y: badge.y) }
        let encoded = try MediaError.naming(file) { try PNGEncoder.encode(image) }
        let output = try MediaError.naming(file) { try PNGChunkCarrier.carry(from: bytes, into: encoded) }
        return BadgedImage(bytes: output, format: .png, layout: layout, method: .fullReencode, orientationRawValue: 1)
    }
}
