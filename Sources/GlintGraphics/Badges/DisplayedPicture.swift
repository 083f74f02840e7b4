import GlintMedia

/// Decodes an image file (JPEG, HEIC or PNG) to RGB as it is displayed: a JPEG's EXIF
/// orientation applied, a HEIC's container transforms applied by libheif, a PNG flattened onto
/// black.
enum DisplayedPicture {
    static func decode(path: String, limits: ImageLimits = .default) throws -> RGBImage {
        let file = try RandomAccessFile(path: path)
        guard file.size > 0 else { throw MediaError(.empty, "file is empty") }
        let head = try file.read(at: 0, count: Int(min(file.size, 16)))
        if head.starts(with: PNGHeader.signature) {
            let image = try PNGDecoder.decode(try file.readAll(limit: BadgeCompositor.maximumFileSize), file: path, limits: limits)
            var rgb = RGBImage(width: image.width, height: image.height)
            AlphaCompositing.over(image, onto: &rgb, x: 0, y: 0)
            return rgb
        }
        guard StillFormat(sniffing: head) != nil else { throw BadgeError(.unsupported, "not a JPEG, HEIC or PNG image") }
        let still = try StillImageReader.read(file: file, limits: limits)
        let image = try still.decode(regionWidth: still.width, regionHeight: still.height, minimumWidth: still.width,
                                     minimumHeight: still.height, limits: limits).image
        return image.transformed(by: still.orientation)
    }
}
