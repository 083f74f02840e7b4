/// A Motion Photo: a still image with a short video stored in the same file, as found by
/// ``MotionPhotoReader``.
public struct MotionPhoto: Sendable, Codable, Equatable {
    /// How the file says where its video is.
    public typealias Source = MotionPhotoVideoSource

    /// How the video was found.
    public var source: Source
    /// The primary image's type: `image/jpeg` or `image/heic`.
    public var primaryMime: String
    /// Where the video's first byte is in the file.
    public var videoOffset: Int64
    /// The video's length in bytes.
    public var videoLength: Int64
    /// The still's time in the video, in microseconds, when the file gives it.
    public var presentationTimestampUs: Int64?
    /// What the embedded video holds, read and decoded.
    public var video: EmbeddedVideo
    /// Inconsistencies that did not stop the video being read.
    public var warnings: [String]
    /// The bytes of the file that hold the primary image (a HEIF file's boxes before a Samsung
    /// trailer), when the reader measured them.
    public var primaryLength: Int64? = nil
}

/// The facts of a video embedded in a photo.
public struct EmbeddedVideo: Sendable, Codable, Equatable {
    /// `h264`, `hevc`, or the sample entry's code.
    public var codec: String
    /// Coded width.
    public var width: Int
    /// Coded height.
    public var height: Int
    /// Video samples in the track.
    public var frameCount: Int
    /// Frames libavcodec decoded: all of them for a sound video, or 1 when only the first frame
    /// was checked (``MovieDecodeCheck/Depth/firstFrame``).
    public var decodedFrames: Int
    /// Presented duration in seconds.
    public var duration: Double
    /// FFmpeg's name of the audio codec (`aac`...), when there is audio.
    public var audioCodec: String?
}

/// What a photo file holds besides its primary image: a Motion Photo video, and the items its
/// XMP container directory lists (an Ultra HDR gain map, for example).
public struct PhotoContainer: Sendable, Codable, Equatable {
    /// The Motion Photo, when the file is one.
    public var motionPhoto: MotionPhoto?
    /// The XMP `Container:Directory` items, when the file has a directory.
    public var directory: [ContainerItem]

    /// Whether the directory lists an Ultra HDR gain map.
    public var hasGainMap: Bool { directory.contains { $0.semantic == ContainerItem.gainMapSemantic } }
    /// The gain map's length in bytes, when listed.
    public var gainMapLength: Int64? { directory.first { $0.semantic == ContainerItem.gainMapSemantic }?.length }
}
