import GlintCore
import GlintMedia
import Logging

/// Settings of ``EffectRenderer`` beyond the recipe.
public struct EffectOptions: Sendable {
    /// Longest side of the output in pixels; `nil` takes the format's default: 480 for GIF,
    /// 720 for WebP, none (the movie frame's size) for MP4 and JPEG. The recipe's own
    /// `maxDimension`, when smaller, wins. Outputs are never enlarged.
    public var maxDimension: Int?
    /// Loop: seconds of cross-fade between the end and the beginning (at most 40% of the movie).
    public var crossFadeDuration: Double
    /// Long Exposure: whether frames are aligned for camera shake before averaging.
    public var alignFrames: Bool
    /// GIF palette, dithering and looping.
    public var gif: AnimatedGIFEncoder.Options
    /// WebP quality and looping.
    public var webp: AnimatedWebPEncoder.Options
    /// JPEG quality of a Long Exposure, 1...100.
    public var jpegQuality: Int
    /// What the times the renderer logs are read from.
    public var clock: any WallClock = SystemWallClock()
    /// Video encoder settings for MP4.
    public var encoding: MovieEncoding
    /// Long Exposure: leave the still's location out (the EXIF GPS block and the XMP, which can
    /// name places). Animations carry no metadata at all.
    public var stripLocation: Bool
    /// Where the renderer reports what it did.
    public var logger: Logger

    public init(
        maxDimension: Int? = nil, crossFadeDuration: Double = 0.5, alignFrames: Bool = true,
        gif: AnimatedGIFEncoder.Options = .init(), webp: AnimatedWebPEncoder.Options = .init(),
        jpegQuality: Int = JPEGEncoder.defaultQuality, encoding: MovieEncoding = .default, stripLocation: Bool = false,
        logger: Logger = Logger(label: "glint.livephoto.effect")
    ) {
        self.maxDimension = maxDimension
        self.crossFadeDuration = crossFadeDuration
        self.alignFrames = alignFrames
        self.gif = gif
        self.webp = webp
        self.jpegQuality = jpegQuality
        self.encoding = encoding
        self.stripLocation = stripLocation
        self.logger = logger
    }

    /// The default longest side for `format`.
    public static func defaultMaxDimension(for format: EffectFormat) -> Int? {
        switch format {
        case .gif: return 480
        case .webp: return 720
        case .mp4, .jpeg: return nil
        }
    }

    /// Checks the settings before any work starts.
    /// - Throws: ``MediaError`` `.invalidArgument` naming the setting.
    public func validate() throws {
        if let maxDimension, !(16...65500).contains(maxDimension) {
            throw MediaError(.invalidArgument, "maxDimension must be between 16 and 65500, got \(maxDimension)")
        }
        guard crossFadeDuration.isFinite, crossFadeDuration > 0, crossFadeDuration <= 10 else {
            throw MediaError(.invalidArgument, "the cross-fade must be more than 0 and at most 10 seconds, got \(crossFadeDuration)")
        }
        guard (1...100).contains(jpegQuality) else {
            throw MediaError(.invalidArgument, "JPEG quality must be between 1 and 100, got \(jpegQuality)")
        }
        guard (2...256).contains(gif.maxColours) else {
            throw MediaError(.invalidArgument, "GIF palette size must be 2 to 256 colours, got \(gif.maxColours)")
        }
        guard webp.quality.isFinite, (0...100).contains(webp.quality) else {
            throw MediaError(.invalidArgument, "WebP quality must be between 0 and 100, got \(webp.quality)")
        }
        try encoding.validate()
    }
}
