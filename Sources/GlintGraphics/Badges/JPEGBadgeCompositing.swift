import GlintMedia

/// Badges a JPEG where its pixels are stored: the badges are placed in displayed orientation and
/// turned into the stored one, so the photo is never turned.
///
/// FULL DECODE + RE-ENCODE STAND-IN: until GlintMedia's `JPEGPatchCompositor` (which re-encodes
/// only the blocks under the badge) is on this branch, the whole picture is decoded, badged and
/// encoded again at quality 92 with every application segment kept (EXIF with the Apple
/// MakerNote, XMP, ICC). The method reported is then ``BadgeCompositingMethod/fullReencode``.
enum JPEGBadgeCompositing {
    static func badge(_ still: JPEGStill, specification: BadgeSpecification, limits: ImageLimits) throws -> BadgedImage {
        let orientation = still.orientation
        let layout = try BadgeCompositor.layout(storedWidth: still.width, storedHeight: still.height, orientation: orientation,
                                                specification: specification)
        let badges = try BadgeRenderer.render(layout, specification: specification, orientation: orientation,
                                              colourSpace: try still.colourSpace())
        var image = try MediaError.naming(still.path) { try JPEGDecoder.decode(still.bytes, limits: limits) }
        for badge in badges { AlphaCompositing.over(badge.image, onto: &image, x: badge.x, y: badge.y) }
        let output = try still.encodeEdited(image, exif: still.exif, encoding: StillEncoding(jpegQuality: 92))
        return BadgedImage(bytes: output, format: .jpeg, layout: layout, method: .fullReencode, orientationRawValue: orientation.rawValue)
    }
}
