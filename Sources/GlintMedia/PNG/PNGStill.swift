/// A PNG read as a photo (a screenshot, an export): its size, its ICC profile (`iCCP`), EXIF
/// (`eXIf`) and XMP (`iTXt`), decoded through libpng and written again with the same metadata.
///
/// Editing goes through RGB: a PNG with any pixel that is not fully opaque is refused when it is
/// decoded (its transparency would be lost), with a typed error naming it.
public struct PNGStill: Sendable {
    public let path: String
    public let bytes: [UInt8]
    public let header: PNGHeader
    public let chunks: PNGChunks
    public let iccProfile: [UInt8]?
    public let exif: ExifMetadata?

    /// The largest PNG read.
    public static let maximumFileSize: Int64 = 512 << 20

    /// Reads the PNG in `file`.
    /// - Throws: ``MediaError`` naming it: `.unsupported`, `.truncated`, `.corrupt`, `.tooLarge`.
    public init(file: RandomAccessFile, limits: ImageLimits = .default) throws {
        path = file.path
        let read = try file.readAll(limit: Self.maximumFileSize)
        bytes = read
        (header, chunks, iccProfile, exif) = try MediaError.naming(file.path) {
            let header = try PNGHeader(Array(read.prefix(29)))
            try limits.check(width: header.width, height: header.height)
            let chunks = try PNGChunks(read)
            let exif = try chunks.exifTIFF.map { try ExifMetadata(tiff: $0) }
            return (header, chunks, try chunks.iccProfile(), exif)
        }
    }

    /// Reads the PNG at `path`.
    public init(path: String, limits: ImageLimits = .default) throws {
        try self.init(file: try RandomAccessFile(path: path), limits: limits)
    }

    /// The picture as RGB.
    /// - Throws: ``MediaError`` `.unsupported` when a pixel is not fully opaque, and what decoding throws.
    public func decodeOpaque(limits: ImageLimits) throws -> RGBImage {
        try MediaError.naming(path) {
            let rgba = try PNGDecoder.decode(bytes, file: path, limits: limits)
            var rgb = RGBImage(width: rgba.width, height: rgba.height)
            var pixel = 0
            for index in stride(from: 0, to: rgba.pixels.count, by: 4) {
                guard rgba.pixels[index + 3] == 255 else {
                    throw MediaError(.unsupported, "the PNG has transparent pixels, which an edit through RGB would lose")
                }
                rgb.pixels[pixel] = rgba.pixels[index]
                rgb.pixels[pixel + 1] = rgba.pixels[index + 1]
                rgb.pixels[pixel + 2] = rgba.pixels[index + 2]
                pixel += 3
            }
            return rgb
        }
    }
}

extension PNGStill: StillImage {
    public var format: StillFormat { .png }
    public var width: Int { header.width }
    public var height: Int { header.height }
    /// The EXIF orientation when the PNG has an `eXIf` chunk that gives one; else upright.
    public var orientation: Orientation { exif?.orientation ?? .up }
    public var xmpPacket: [UInt8]? { chunks.xmpPacket }
    /// Always `nil`: a PNG describes its colour with `iCCP` (or nothing: sRGB).
    public var nclxProfile: NCLXColourProfile? { nil }

    /// The whole picture (a PNG has no reduced decode: the denominator is 1).
    public func decode(
        regionWidth: Int, regionHeight: Int, minimumWidth: Int, minimumHeight: Int, limits: ImageLimits
    ) throws -> (image: RGBImage, denominator: Int) {
        (try decodeOpaque(limits: limits), 1)
    }

    /// Encodes a PNG with this still's XMP, `exif` as its `eXIf` chunk, and `encoding.colourSpace`'s
    /// ICC profile (else the still's) as its `iCCP` chunk.
    public func encodeEdited(_ image: RGBImage, exif: ExifMetadata?, encoding: StillEncoding) throws -> [UInt8] {
        try MediaError.naming(path) {
            let icc = try encoding.colourSpace?.iccProfile() ?? iccProfile
            let extra = try PNGChunks.metadataChunks(icc: icc, exif: try exif?.serialized(), xmp: xmpPacket)
            return try PNGChunks.inserting(extra, into: try PNGEncoder.encode(image))
        }
    }
}
