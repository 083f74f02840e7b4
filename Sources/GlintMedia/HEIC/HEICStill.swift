/// A HEIC still read once: its bytes, the primary image's size, EXIF, XMP and colour profile.
///
/// **Orientation.** A HEIF image carries its display transform in the container (`irot`,
/// `imir`), and HEIF readers (libheif, Apple's) apply it and ignore the EXIF `Orientation` tag,
/// which iPhones set to the same turn for information. Glint does the same: ``decode(limits:)``
/// returns pixels already in display orientation, so ``orientation`` is always `.up`, ``width``
/// and ``height`` are the displayed size, and ``exif`` has its `Orientation` set to 1 (the value
/// stored in the file is kept in ``storedExifOrientation``). An edited HEIC is written the same
/// way: display-oriented pixels, no `irot`, EXIF `Orientation` 1; exiftool and libheif agree on it.
///
/// The file is parsed once here (no pixels decoded); ``decode(limits:)`` parses the bytes again
/// in a fresh libheif context, so a `HEICStill` is a plain value that any thread may use.
public struct HEICStill: Sendable {
    /// Largest still file accepted.
    public static let maximumFileSize: Int64 = 512 << 20

    /// The path the still was read from.
    public let path: String
    /// The complete file.
    public let bytes: [UInt8]
    /// Width of the primary image as displayed (after `irot`/`imir`/`clap`), as decoded.
    public let width: Int
    /// Height of the primary image as displayed, as decoded.
    public let height: Int
    /// The coded size of the primary image (`ispe`), before the container's transforms.
    public let codedWidth: Int
    public let codedHeight: Int
    /// Bits per luma sample of the coded image (decoding always gives 8-bit RGB).
    public let bitDepth: Int
    /// The EXIF metadata (first `Exif` item), with `Orientation` set to 1 when present.
    public let exif: ExifMetadata?
    /// The EXIF `Orientation` as stored in the file, which HEIF readers do not apply.
    public let storedExifOrientation: Orientation?
    /// The XMP packet (first `mime` item of type `application/rdf+xml`).
    public let xmpPacket: [UInt8]?
    /// The colour profile: ICC bytes and/or `nclx` code points.
    public let colourProfile: HEICColourProfile

    /// The ICC profile's bytes, when the image has one.
    public var iccProfile: [UInt8]? { colourProfile.icc }

    /// How decoded pixels are displayed: always `.up` (see the type's documentation).
    public var orientation: Orientation { .up }

    /// Reads and parses the still at `path`.
    /// - Throws: ``MediaError`` naming the file: `.empty`, `.unsupported` for a file that is not
    ///   HEIF, `.truncated`/`.corrupt` for damaged structure or EXIF, `.tooLarge` for a file or
    ///   image beyond the limits (checked before any pixel is decoded).
    public init(path: String, limits: ImageLimits = .default) throws {
        try self.init(file: try RandomAccessFile(path: path), limits: limits)
    }

    /// Reads and parses the still in an open file.
    public init(file opened: RandomAccessFile, limits: ImageLimits = .default) throws {
        let bytes = try opened.readAll(limit: Self.maximumFileSize)
        path = opened.path
        self.bytes = bytes
        let parsed = try MediaError.naming(opened.path) { try Parsed(bytes, limits: limits) }
        (width, height, codedWidth, codedHeight, bitDepth) = (parsed.width, parsed.height, parsed.codedWidth, parsed.codedHeight, parsed.bitDepth)
        (exif, storedExifOrientation, xmpPacket, colourProfile) = (parsed.exif, parsed.storedOrientation, parsed.xmp, parsed.colour)
    }

    /// Decodes the primary image in display orientation as 8-bit RGB.
    /// - Throws: ``MediaError`` naming the file: `.tooLarge` beyond `limits` (checked before
    ///   decoding), `.corrupt`/`.truncated` for damaged coded data.
    public func decode(limits: ImageLimits = .default) throws -> RGBImage {
        try MediaError.naming(path) {
            try limits.check(width: width, height: height)
            let image = try HEIFContext(reading: bytes, limits: limits).primaryImage().decodeRGB()
            guard image.width == width, image.height == height else {
                throw MediaError(.corrupt, "decoded \(image.width)x\(image.height) pixels, but the file says \(width)x\(height)")
            }
            return image
        }
    }

    /// What parsing the container found.
    private struct Parsed {
        var width = 0, height = 0, codedWidth = 0, codedHeight = 0, bitDepth = 8
        var exif: ExifMetadata?
        var storedOrientation: Orientation?
        var xmp: [UInt8]?
        var colour = HEICColourProfile()

        init(_ bytes: [UInt8], limits: ImageLimits) throws {
            guard !bytes.isEmpty else { throw MediaError(.empty, "file is empty") }
            guard StillFormat(sniffing: Array(bytes.prefix(16))) == .heic else {
                throw MediaError(.unsupported, "not a HEIC still (no HEIF 'ftyp' box at the start)")
            }
            let image = try HEIFContext(reading: bytes, limits: limits).primaryImage()
            (width, height) = (image.width, image.height)
            (codedWidth, codedHeight) = (image.codedWidth, image.codedHeight)
            try limits.check(width: width, height: height)
            if codedWidth > 0 || codedHeight > 0 { try limits.check(width: codedWidth, height: codedHeight) }
            bitDepth = image.lumaBitDepth
            if let block = try image.metadataBlocks(ofType: "Exif").first {
                var metadata = try ExifMetadata(tiff: try Self.tiff(inExifItem: block.bytes))
                storedOrientation = metadata.orientation
                if metadata.orientation != nil { metadata.orientation = .up }
                exif = metadata
            }
            xmp = try image.metadataBlocks(ofType: "mime").first { $0.contentType == "application/rdf+xml" }?.bytes
            colour = try image.colourProfile()
        }

        /// The TIFF structure of a HEIF `Exif` item: a 4-byte big-endian offset from the end of
        /// that field to the TIFF header (usually 6, skipping `"Exif\0\0"`), then the data.
        static func tiff(inExifItem item: [UInt8]) throws -> ArraySlice<UInt8> {
            guard item.count >= 4 else {
                throw MediaError(.truncated, "the Exif item is \(item.count) bytes, too short for its header offset")
            }
            let offset = item[0..<4].reduce(0) { $0 << 8 | Int($1) }
            guard offset <= item.count - 4 - 8 else {
                throw MediaError(.corrupt, "the Exif item's TIFF header offset \(offset) points past its \(item.count) bytes")
            }
            return item[(4 + offset)...]
        }
    }
}
