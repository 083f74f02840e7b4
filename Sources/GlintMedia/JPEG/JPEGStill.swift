/// A JPEG still read once: its bytes, marker segments, frame header and EXIF.
///
/// Everything that looks at a still (inspecting, editing, viewing) starts from one of these, so
/// the file is read and its structure parsed a single time.
public struct JPEGStill: Sendable {
    /// Largest still file accepted.
    public static let maximumFileSize: Int64 = 512 << 20

    /// The path the still was read from.
    public let path: String
    /// The marker segments and the complete file bytes.
    public let file: JPEGFile
    /// The frame header (stored size, components).
    public let header: JPEGHeader
    /// The EXIF metadata, when the still has an Exif segment.
    public let exif: ExifMetadata?

    /// The complete file.
    public var bytes: [UInt8] { file.bytes }

    /// How stored pixels are displayed (EXIF orientation, `.up` when absent).
    public var orientation: Orientation { exif?.orientation ?? .up }

    /// Reads and parses the still at `path`.
    /// - Throws: ``MediaError`` naming the file: `.empty`, `.unsupported` for a file that is not
    ///   a JPEG, `.truncated`/`.corrupt` for damaged structure or EXIF, `.tooLarge`.
    public init(path: String, limits: ImageLimits = .default) throws {
        try self.init(file: try RandomAccessFile(path: path), limits: limits)
    }

    /// Reads and parses the still in an open file.
    public init(file opened: RandomAccessFile, limits: ImageLimits = .default) throws {
        let bytes = try opened.readAll(limit: Self.maximumFileSize)
        let path = opened.path
        self.path = path
        (file, header, exif) = try MediaError.naming(path) {
            guard !bytes.isEmpty else { throw MediaError(.empty, "file is empty") }
            guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
                throw MediaError(.unsupported, "not a JPEG still")
            }
            let file = try JPEGFile(parsing: bytes)
            let header = try JPEGDecoder.readHeader(bytes)
            try limits.check(width: header.width, height: header.height)
            return (file, header, try file.exifTIFF.map { try ExifMetadata(tiff: $0) })
        }
    }

    /// Decodes the pixels, using libjpeg's DCT scaling to the smallest of 1/1, 1/2, 1/4 or 1/8
    /// that still gives at least `minimumWidth` x `minimumHeight` from a `regionWidth` x
    /// `regionHeight` part of the picture (decoding less is much faster than resizing after).
    /// - Returns: The decoded image and the denominator it was decoded at.
    public func decode(
        regionWidth: Int, regionHeight: Int, minimumWidth: Int, minimumHeight: Int,
        limits: ImageLimits = .default
    ) throws -> (image: RGBImage, denominator: Int) {
        var denominator = 1
        for candidate in [8, 4, 2] where regionWidth / candidate >= minimumWidth && regionHeight / candidate >= minimumHeight {
            denominator = candidate
            break
        }
        let image = try MediaError.naming(path) { try JPEGDecoder.decode(bytes, scaleDenominator: denominator, limits: limits) }
        return (image, denominator)
    }

    /// Decodes only `region` (stored pixels, full size), using libjpeg's DCT scaling to the
    /// smallest of 1/1, 1/2, 1/4 or 1/8 that still gives at least `minimumWidth` x
    /// `minimumHeight` from it; rows and columns outside it are skipped as far as libjpeg can.
    /// - Returns: The region at that scale (its origin and size divided by the denominator,
    ///   rounded down) and the denominator.
    public func decode(
        region: PixelRect, minimumWidth: Int, minimumHeight: Int,
        limits: ImageLimits = .default
    ) throws -> (image: RGBImage, denominator: Int) {
        var denominator = 1
        for candidate in [8, 4, 2] where region.width / candidate >= minimumWidth && region.height / candidate >= minimumHeight {
            denominator = candidate
            break
        }
        let scaledWidth = (header.width + denominator - 1) / denominator
        let scaledHeight = (header.height + denominator - 1) / denominator
        var scaled = PixelRect(
            x: region.x / denominator, y: region.y / denominator,
            width: max(1, region.width / denominator), height: max(1, region.height / denominator))
        scaled.width = min(scaled.width, scaledWidth - scaled.x)
        scaled.height = min(scaled.height, scaledHeight - scaled.y)
        let crop = scaled
        let image = try MediaError.naming(path) {
            try JPEGDecoder.decode(bytes, scaleDenominator: denominator, region: crop, limits: limits)
        }
        return (image, denominator)
    }
}
