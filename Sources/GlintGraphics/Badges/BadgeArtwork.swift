import Foundation
import GlintMedia

/// The drawing of one badge: a built-in one (``BuiltInBadgeArtwork``), or the user's own SVG
/// or PNG file (Apple's badge files, say, downloaded from Apple Design Resources).
///
/// Artwork is never recoloured or altered: it is rendered (SVG) or resampled (PNG) to the size
/// the placement asks for, and only its colour values are converted when the photo is in
/// another colour space (see ``BadgeColourMatch``). Its proportions give the badge's width.
public struct BadgeArtwork: Sendable {
    enum Source: Sendable {
        case svg([UInt8])
        case png(RGBAImage)
    }

    let source: Source
    /// The artwork's file, or `nil` for a built-in drawing.
    public let file: String?
    /// Width over height.
    public let aspectRatio: Double
    /// What the artwork is, for reports (`"built-in ar overlay"`, or the file's path).
    public let name: String

    /// The built-in drawing of `kind` in `style`.
    public static func builtIn(_ kind: BadgeKind, style: BadgeStyle) -> BadgeArtwork {
        BadgeArtwork(
            source: .svg(Array(BuiltInBadgeArtwork.svg(kind, style: style).utf8)), file: nil,
            aspectRatio: BuiltInBadgeArtwork.aspectRatio(kind), name: "built-in \(kind) \(style)")
    }

    /// Largest artwork file accepted.
    public static let maximumFileSize: Int64 = 32 << 20

    /// Reads the artwork at `path`: an SVG (recognised from its content: XML text holding an
    /// `<svg` element) or a PNG.
    /// - Throws: ``GlintMedia/MediaError`` naming the file when it is missing, empty or
    ///   unreadable; ``BadgeError`` `.invalidArtwork` for an SVG that does not parse or has no
    ///   size, a PNG of zero size, or anything else.
    public static func load(path: String) throws -> BadgeArtwork {
        let bytes = try RandomAccessFile(path: path).readAll(limit: maximumFileSize)
        return try BadgeError.naming(path) { try BadgeArtwork(bytes: bytes, file: path) }
    }

    /// Artwork from a file's bytes.
    public init(bytes: [UInt8], file: String?) throws {
        guard !bytes.isEmpty else { throw BadgeError(.invalidArtwork, file: file, "the artwork file is empty") }
        if bytes.starts(with: PNGHeader.signature) {
            // A PNG declaring 0x0 is refused by its header check before any decode.
            let image: RGBAImage
            do {
                image = try PNGDecoder.decode(bytes, file: file, limits: ImageLimits(maxWidth: 16_384, maxHeight: 16_384, maxPixelCount: 64 << 20))
            } catch let error as MediaError {
                throw BadgeError(.invalidArtwork, file: file, "the PNG artwork cannot be used: \(error.problem)")
            }
            self.init(
                source: .png(image), file: file, aspectRatio: Double(image.width) / Double(image.height),
                name: file ?? "PNG artwork")
        } else if Self.looksLikeSVG(bytes) {
            let size = try SVGRasteriser.intrinsicSize(of: bytes, file: file)
            let ratio = size.width / size.height
            guard ratio.isFinite, ratio > 0.05, ratio < 20 else {
                throw BadgeError(.invalidArtwork, file: file, "the SVG is \(size.width)x\(size.height): not the proportions of a badge")
            }
            self.init(source: .svg(bytes), file: file, aspectRatio: ratio, name: file ?? "SVG artwork")
        } else {
            throw BadgeError(.invalidArtwork, file: file, "the artwork is neither an SVG nor a PNG")
        }
    }

    init(source: Source, file: String?, aspectRatio: Double, name: String) {
        self.source = source
        self.file = file
        self.aspectRatio = aspectRatio
        self.name = name
    }

    /// The width of the badge drawn `height` pixels high (at least 1).
    public func width(forHeight height: Int) -> Int {
        max(1, Int((Double(height) * aspectRatio).rounded()))
    }

    /// The artwork at exactly ``width(forHeight:)`` x `height` pixels, straight-alpha RGBA in
    /// the artwork's own colours (sRGB).
    public func render(height: Int) throws -> RGBAImage {
        let width = width(forHeight: height)
        switch source {
        case .svg(let svg): return try SVGRasteriser.render(svg, width: width, height: height, file: file)
        case .png(let image): return RGBAResampler.resample(image, width: width, height: height)
        }
    }

    /// Whether `bytes` look like SVG text: optional BOM and whitespace, then `<`, and an `<svg`
    /// element within the first 4 KiB. (Anything else that claims to be XML is left to librsvg.)
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var head = bytes.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "<") else { return false }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        return text.contains("<svg") || text.hasPrefix("<?xml") || text.contains("<!doctype svg")
    }
}
