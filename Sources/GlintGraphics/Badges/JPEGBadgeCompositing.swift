import GlintMedia

/// Badges a JPEG without re-encoding the rest of the photo, through GlintMedia's
/// ``GlintMedia/JPEGPatchCompositor``: only the DCT blocks under the badges are decoded,
/// composited and re-encoded with the file's own tables (spliced into the entropy-coded data for
/// baseline Huffman files, through libjpeg's coefficient API otherwise); every other block and
/// every marker segment (EXIF with the Apple MakerNote, XMP, ICC, MPF) is kept.
///
/// The badges are placed in displayed orientation and turned into the stored one, so a JPEG with
/// an EXIF orientation is patched where its pixels are stored; the photo is never turned.
enum JPEGBadgeCompositing {
    static func badge(_ still: JPEGStill, specification: BadgeSpecification, limits: ImageLimits) throws -> BadgedImage {
        let orientation = still.orientation
        let layout = try BadgeCompositor.layout(
            storedWidth: still.width, storedHeight: still.height, orientation: orientation,
            specification: specification)
        let badges = try BadgeRenderer.render(
            layout, specification: specification, orientation: orientation,
            colourSpace: try still.colourSpace())
        // One patch covering every badge (they are stacked in one corner).
        let left = badges.map(\.x).min()!
        let top = badges.map(\.y).min()!
        let right = badges.map { $0.x + $0.image.width }.max()!
        let bottom = badges.map { $0.y + $0.image.height }.max()!
        let result = try JPEGPatchCompositor.composite(
            still.bytes, file: still.path, x: left, y: top,
            width: right - left, height: bottom - top
        ) { region, originX, originY in
            for badge in badges { AlphaCompositing.over(badge.image, onto: &region, x: badge.x - originX, y: badge.y - originY) }
        }
        let method: BadgeCompositingMethod = result.method == .bitstreamSplice ? .splice : .coefficients
        return BadgedImage(bytes: result.bytes, format: .jpeg, layout: layout, method: method, orientationRawValue: orientation.rawValue)
    }
}
