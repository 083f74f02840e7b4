import GlintMedia

/// What a file is, as far as Live Photos are concerned; produced by ``MediaInspector``.
public struct MediaFileReport: Sendable, Codable, Equatable {
    /// The kind of file, recognised from its content (never from its name).
    public enum Kind: String, Sendable, Codable {
        case jpeg, heic, png, movie, unknown
    }

    /// The path as given.
    public var path: String
    /// The kind of file.
    public var kind: Kind
    /// Size in bytes.
    public var size: Int64
    /// Details of a still.
    public var still: StillReport?
    /// Details of a movie.
    public var movie: MovieReport?
    /// The Motion Photo video embedded in a still, when it is one.
    public var motionPhoto: MotionPhoto?
    /// The items a still's XMP container directory lists (an Ultra HDR gain map, a Motion
    /// Photo video), when it has one.
    public var containerItems: [ContainerItem]?
    /// Why the file could not be read, when it could not.
    public var error: String?

    /// The content identifier of either kind.
    public var contentIdentifier: ContentIdentifier? { still?.contentIdentifier ?? movie?.contentIdentifier }
}

/// The facts about a still photo.
public struct StillReport: Sendable, Codable, Equatable {
    /// Width in pixels as stored (JPEG) or after the container's rotation and mirror (HEIC).
    public var width: Int
    /// Height in pixels, like ``width``.
    public var height: Int
    /// How those pixels are displayed: the EXIF orientation (1...8) of a JPEG, 1 when absent;
    /// always 1 for a HEIC, whose container transform is already applied to ``width`` and ``height``.
    public var orientation: Int
    /// Clockwise rotation the orientation applies, in degrees.
    public var rotation: Int
    /// Whether the orientation also mirrors.
    public var mirrored: Bool
    /// The Apple MakerNote ContentIdentifier.
    public var contentIdentifier: ContentIdentifier?
    /// Whether the still has an Apple MakerNote.
    public var hasAppleMakerNote: Bool
    /// Whether the still carries GPS tags.
    public var hasGPS: Bool
    /// Size of the embedded ICC profile in bytes, when there is one.
    public var iccProfileBytes: Int?
    /// Whether an XMP packet is present.
    public var hasXMP: Bool
    /// Colour code points (a HEIC `nclx` box), when the still has them.
    public var nclx: NCLXColourProfile? = nil
    /// The still's HDR gain map, when it has one (Apple, Ultra HDR, ISO 21496-1).
    public var hdr: HDRGainMapReport? = nil
}

/// The facts about a movie.
public struct MovieReport: Sendable, Codable, Equatable {
    /// Video codec (`h264`, `hevc`, or the sample entry code).
    public var codec: String
    /// Coded width of the frames.
    public var width: Int
    /// Coded height of the frames.
    public var height: Int
    /// The clean aperture (the displayed part of each frame), when it differs from the coded size.
    public var cleanAperture: CleanApertureReport?
    /// Clockwise rotation applied by the track matrix, in degrees.
    public var rotation: Int
    /// Number of video frames.
    public var frameCount: Int
    /// Presented duration in seconds.
    public var duration: Double
    /// Presentation time of the still, from the still-image-time track, in seconds.
    public var stillImageTime: Double?
    /// The `com.apple.quicktime.content.identifier` value.
    public var contentIdentifier: ContentIdentifier?
    /// The audio track, when there is one.
    public var audio: AudioReport?
    /// The QuickTime metadata keys that hold text, with their values.
    public var keys: [String: String]
}

/// The displayed region of a movie's frames.
public struct CleanApertureReport: Sendable, Codable, Equatable {
    public var width: Double
    public var height: Double
}

/// The facts about a movie's audio track.
public struct AudioReport: Sendable, Codable, Equatable {
    /// The sample entry code (`lpcm`, `sowt`, `mp4a`, ...).
    public var format: String
    /// A readable description, e.g. `LPCM s16le` or `AAC`.
    public var codec: String
    /// Samples per second.
    public var sampleRate: Double
    /// Channel count.
    public var channels: Int
    /// Bits per sample for uncompressed audio.
    public var bitsPerSample: Int?
}
