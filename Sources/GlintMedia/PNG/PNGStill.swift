/// A PNG read as a photo (a screenshot, an export): its size, its ICC profile (`iCCP`), EXIF
/// (`eXIf`) and XMP (`iTXt`), decoded through libpng and written again with the same metadata.
///
/// Editing goes through RGB; a PNG's transparency, when it has any, is read apart as a grey
/// picture (``alphaPlane(limits:)``) for the edit to put through the same geometry, and written
/// back with the edited colours (``encodeEdited(_:alpha:exif:encoding:)``).
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

    /// Whether the PNG can hold transparency: an alpha channel (colour types 4 and 6) or a `tRNS` chunk.
    public var mayBeTransparent: Bool { header.colourType == 4 || header.colourType == 6 || chunks.first("tRNS") != nil }

    /// The picture as RGB, its transparency left out (``alphaPlane(limits:)`` reads it).
    /// - Throws: What decoding throws, naming the file.
    public func decodeRGB(limits: ImageLimits) throws -> RGBImage {
        try MediaError.naming(path) { Self.channels(of: try PNGDecoder.decode(bytes, file: path, limits: limits), alpha: false) }
    }

    /// The transparency as a grey picture (each pixel's alpha in its red, green and blue), to be
    /// turned, cropped and scaled as the colours are; nil when every pixel is opaque.
    /// - Throws: What decoding throws, naming the file.
    public func alphaPlane(limits: ImageLimits) throws -> RGBImage? {
        guard mayBeTransparent else { return nil }
        return try MediaError.naming(path) {
            let rgba = try PNGDecoder.decode(bytes, file: path, limits: limits)
            guard stride(from: 3, to: rgba.pixels.count, by: 4).contains(where: { rgba.pixels[$0] != 255 }) else { return nil }
            return Self.channels(of: rgba, alpha: true)
        }
    }

    /// The red, green and blue of `rgba`, or its alpha three times over.
    private static func channels(of rgba: RGBAImage, alpha: Bool) -> RGBImage {
        var rgb = RGBImage(width: rgba.width, height: rgba.height)
        rgb.pixels.withUnsafeMutableBufferPointer { out in
            rgba.pixels.withUnsafeBufferPointer { source in
                for pixel in 0..<(rgba.width * rgba.height) {
                    for channel in 0..<3 { out[pixel * 3 + channel] = source[pixel * 4 + (alpha ? 3 : channel)] }
                }
            }
        }
        return rgb
    }

    /// Encodes a PNG of `image` with the transparency of `alpha` (a grey picture of the same size,
    /// as ``alphaPlane(limits:)`` gives and the edit turned; nil: opaque), this still's XMP,
    /// `exif` as its `eXIf` chunk, and `encoding.colourSpace`'s ICC profile (else the still's) as
    /// its `iCCP` chunk.
    public func encodeEdited(_ image: RGBImage, alpha: RGBImage?, exif: ExifMetadata?, encoding: StillEncoding) throws -> [UInt8] {
        try MediaError.naming(path) {
            let icc = try encoding.colourSpace?.iccProfile() ?? iccProfile
            let extra = try PNGChunks.metadataChunks(icc: icc, exif: try exif?.serialized(), xmp: xmpPacket)
            guard let alpha else { return try PNGChunks.inserting(extra, into: try PNGEncoder.encode(image)) }
            guard alpha.width == image.width, alpha.height == image.height else {
                throw MediaError(.invalidArgument, "the transparency is \(alpha.width)x\(alpha.height), the picture \(image.width)x\(image.height)")
            }
            var rgba = RGBAImage(width: image.width, height: image.height)
            for pixel in 0..<(image.width * image.height) {
                for channel in 0..<3 { rgba.pixels[pixel * 4 + channel] = image.pixels[pixel * 3 + channel] }
                rgba.pixels[pixel * 4 + 3] = alpha.pixels[pixel * 3]
            }
            return try PNGChunks.inserting(extra, into: try PNGEncoder.encode(rgba))
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

    /// The whole picture as RGB (a PNG has no reduced decode: the denominator is 1).
    public func decode(
        regionWidth: Int, regionHeight: Int, minimumWidth: Int, minimumHeight: Int, limits: ImageLimits
    ) throws -> (image: RGBImage, denominator: Int) {
        (try decodeRGB(limits: limits), 1)
    }

    /// An opaque PNG of `image`: ``encodeEdited(_:alpha:exif:encoding:)`` without transparency.
    public func encodeEdited(_ image: RGBImage, exif: ExifMetadata?, encoding: StillEncoding) throws -> [UInt8] {
        try encodeEdited(image, alpha: nil, exif: exif, encoding: encoding)
    }
}
