/// What a media file's headers say about its size, read without decoding any pixels or frames:
/// a still's pixel dimensions, a movie's duration, and both for a Motion Photo.
///
/// A probe reads only bounded bytes, with Glint's own bounds-checked Swift parsers and no C library
/// (this module links none): a JPEG's marker segments up to its frame header (and its XMP
/// packet), a PNG's `IHDR`, a HEIF's `meta` box (at most ``metaSizeLimit`` bytes: its primary
/// image's `ispe` property and its XMP item), a movie's top-level box headers, its `moov`'s child
/// headers and its `mvhd`, a Samsung trailer's directory; XMP is scanned (``MotionPhotoXMPScan``),
/// never parsed as XML. Every length, count and depth has a fixed cap, so a hostile header costs a
/// few megabytes and milliseconds at most. It is cheap enough to run on every submitted input,
/// before a job is queued, to refuse inputs over a limit (`InputLimits` in GlintJobs).
public struct MediaProbe: Sendable, Equatable {
    /// The largest HEIF `meta` box a probe reads (an iPhone's is a few kilobytes).
    public static let metaSizeLimit: Int64 = 4 << 20

    /// The formats a probe recognises.
    public enum Format: String, Sendable, Codable {
        /// A JPEG still (a Motion Photo when it carries a video).
        case jpeg
        /// A HEIC still (a Motion Photo when it carries a video).
        case heic
        /// A PNG still.
        case png
        /// A QuickTime or MP4 movie.
        case movie
    }

    /// The file's format, recognised from its first bytes.
    public var format: Format
    /// The still's width in pixels as its header states it (in stored, not display, orientation);
    /// nil for a movie.
    public var width: Int?
    /// The still's height in pixels as its header states it; nil for a movie.
    public var height: Int?
    /// The presented duration of the movie, or of a Motion Photo's video, in seconds; nil for a
    /// still without motion.
    public var duration: Double?

    /// Creates a probe result.
    /// - Parameters:
    ///   - format: The file's format.
    ///   - width: The still's width in pixels, if it is a still.
    ///   - height: The still's height in pixels, if it is a still.
    ///   - duration: The movie's (or the Motion Photo video's) duration in seconds, if any.
    public init(format: Format, width: Int? = nil, height: Int? = nil, duration: Double? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.duration = duration
    }

    /// Width x height, when the file is a still (saturating rather than overflowing).
    public var pixelCount: Int? {
        guard let width, let height else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : count
    }

    /// Whether the file is a still that carries a video (a Motion Photo).
    public var isMotionPhoto: Bool { format != .movie && duration != nil }

    /// Probes the file at `path`.
    /// - Throws: ``MediaError`` naming the file: `.notFound`, `.empty`, `.unsupported` for a file
    ///   that is no JPEG, HEIC, PNG or movie, `.truncated` or `.corrupt` when the headers are cut
    ///   short or damaged (a Motion Photo's video included), `.tooLarge` for a header box over its
    ///   size limit.
    public static func probe(path: String) throws -> MediaProbe {
        try probe(file: try RandomAccessFile(path: path))
    }

    /// Probes an open file.
    /// - Throws: As ``probe(path:)``.
    public static func probe(file: RandomAccessFile) throws -> MediaProbe {
        guard file.size > 0 else { throw MediaError(.empty, file: file.path, "file is empty") }
        let head = try file.read(at: 0, count: Int(min(file.size, 32)))
        return try MediaError.naming(file.path) {
            switch format(ofHead: head) {
            case .jpeg:
                let header = try JPEGFrameProbe(file: file)
                let duration = try MotionPhotoProbe.duration(jpeg: file, xmp: header.xmpPacket)
                return MediaProbe(format: .jpeg, width: header.width, height: header.height, duration: duration)
            case .heic:
                let boxes = try TopLevelBox.scan(file, limit: MovieDurationProbe.topLevelBoxLimit)
                let size = try HEIFPrimaryImageSize(file: file, boxes: boxes, metaLimit: metaSizeLimit)
                let duration = try MotionPhotoProbe.duration(heif: file, boxes: boxes)
                return MediaProbe(format: .heic, width: size.width, height: size.height, duration: duration)
            case .png:
                let header = try PNGHeader(head)
                return MediaProbe(format: .png, width: header.width, height: header.height)
            case .movie:
                return MediaProbe(format: .movie, duration: try MovieDurationProbe.duration(of: file))
            case nil:
                throw MediaError(.unsupported, "not a JPEG, HEIC or PNG still or a QuickTime or MP4 movie")
            }
        }
    }

    /// Recognises a file from its first bytes (at least 12 for HEIC and movies); nil for anything else.
    public static func format(ofHead head: [UInt8]) -> Format? {
        switch MediaFileType(sniffing: head) {
        case .jpeg: .jpeg
        case .heic: .heic
        case .png: .png
        case .quickTime, .mp4: .movie
        case .avif, .gif, .webp, .zip, .json, nil: nil
        }
    }
}
