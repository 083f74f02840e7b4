/// The XMP properties that describe a Google Motion Photo (v1 and the legacy `MicroVideo`
/// form), and where they say the video is.
///
/// Two readers fill it: the bounded byte scan of the submission probe (``MotionPhotoXMPScan``,
/// no XML parser) and GlintMedia's Exempi-backed `MotionPhotoMetadata(_: XMPPacket)` in runners.
/// Both answer the same for the same packet; ``videoLocation(fileSize:path:)`` is the one place
/// that turns the properties into a byte range.
public struct MotionPhotoMetadata: Sendable, Equatable {
    /// The most `Container:Directory` items read.
    public static let directoryLimit = 64

    /// `GCamera:MotionPhoto` (1 for a motion photo, 0 for a photo whose motion was removed).
    public var motionPhoto: Int64?
    /// `GCamera:MotionPhotoVersion`.
    public var version: Int64?
    /// `GCamera:MotionPhotoPresentationTimestampUs` (-1 means unspecified).
    public var presentationTimestampUs: Int64?
    /// The `Container:Directory` items, in order (at most ``directoryLimit``).
    public var directory: [ContainerItem]
    /// `GCamera:MicroVideo` (the deprecated form: 1 when a video is appended).
    public var microVideo: Int64?
    /// `GCamera:MicroVideoOffset`: the video's length, counted back from the end of the file.
    public var microVideoOffset: Int64?
    /// `GCamera:MicroVideoPresentationTimestampUs`.
    public var microVideoPresentationTimestampUs: Int64?

    /// Creates metadata from its properties (each nil when the packet lacks it).
    public init(
        motionPhoto: Int64? = nil, version: Int64? = nil, presentationTimestampUs: Int64? = nil, directory: [ContainerItem] = [],
        microVideo: Int64? = nil, microVideoOffset: Int64? = nil, microVideoPresentationTimestampUs: Int64? = nil
    ) {
        self.motionPhoto = motionPhoto
        self.version = version
        self.presentationTimestampUs = presentationTimestampUs
        self.directory = directory
        self.microVideo = microVideo
        self.microVideoOffset = microVideoOffset
        self.microVideoPresentationTimestampUs = microVideoPresentationTimestampUs
    }

    /// The directory's Motion Photo item and its index, when it has one.
    public var motionPhotoItem: (index: Int, item: ContainerItem)? {
        directory.enumerated().first { $0.element.semantic == ContainerItem.motionPhotoSemantic }.map { ($0.offset, $0.element) }
    }

    /// Whether the directory lists a gain map (an Ultra HDR photo).
    public var hasGainMap: Bool { directory.contains { $0.semantic == ContainerItem.gainMapSemantic } }

    /// The still's time in the video, in microseconds, whichever form gives it (`nil` when
    /// absent or -1).
    public var stillTimestampUs: Int64? {
        [presentationTimestampUs, microVideoPresentationTimestampUs].compactMap { $0 }.first { $0 >= 0 }
    }

    /// Where the properties say the video is in a file of `fileSize` bytes: its offset, length and
    /// the form that said so; nil when they describe no video.
    /// - Throws: ``MediaError`` naming `path`: `.corrupt` for a directory item without a length or
    ///   a `MicroVideoOffset` that does not fit, `.truncated` for a video longer than the file.
    public func videoLocation(fileSize: Int64, path: String) throws -> (offset: Int64, length: Int64, source: MotionPhotoVideoSource)? {
        if motionPhoto != 0, let (index, item) = motionPhotoItem {
            guard let length = item.length, length > 0 else {
                throw MediaError(
                    .corrupt, file: path, "the embedded Motion Photo video is broken: the XMP Container directory's MotionPhoto item has no length")
            }
            // Items after the video, and its own padding, sit between it and the end of the file
            // (saturating: hostile lengths must not overflow).
            let after = directory[(index + 1)...].reduce(Int64(0)) { $0.addingClamped(max(0, $1.length ?? 0)).addingClamped(max(0, $1.padding ?? 0)) }
            let end = fileSize - min(fileSize, after.addingClamped(max(0, item.padding ?? 0)))
            guard length <= end else {
                throw MediaError(
                    .truncated, file: path,
                    "the embedded Motion Photo video is broken: the XMP Container directory says it is \(length) bytes but the file has only \(fileSize): the file is truncated"
                )
            }
            return (end - length, length, .containerDirectory)
        }
        if microVideo == 1, let length = microVideoOffset {
            guard length > 0, length <= fileSize else {
                throw MediaError(
                    .corrupt, file: path, "the embedded Motion Photo video is broken: MicroVideoOffset \(length) does not fit the \(fileSize)-byte file")
            }
            return (fileSize - length, length, .microVideo)
        }
        if motionPhoto == 1 {
            throw MediaError(
                .corrupt, file: path,
                "the embedded Motion Photo video is broken: GCamera:MotionPhoto is 1 but the XMP Container directory lists no MotionPhoto item")
        }
        return nil
    }
}

/// How a file says where its Motion Photo video is (`MotionPhoto.Source` in GlintMedia).
public enum MotionPhotoVideoSource: String, Sendable, Codable {
    /// Google Motion Photo v1: XMP `Container:Directory` with a `MotionPhoto` item.
    case containerDirectory = "xmp-container-directory"
    /// The deprecated Google form: XMP `GCamera:MicroVideo` and `MicroVideoOffset`.
    case microVideo = "xmp-micro-video"
    /// A Samsung JPEG trailer (`MotionPhoto_Data` block, `SEFH`/`SEFT` directory).
    case samsungTrailer = "samsung-trailer"
    /// A HEIF file's top-level `mpvd` box.
    case heifBox = "heif-mpvd-box"

    /// A phrase for messages.
    public var phrase: String {
        switch self {
        case .containerDirectory: return "XMP Container directory"
        case .microVideo: return "legacy XMP MicroVideo offset"
        case .samsungTrailer: return "Samsung MotionPhoto_Data trailer"
        case .heifBox: return "HEIF mpvd box"
        }
    }
}

extension Int64 {
    /// `self + other`, or `Int64.max` where that would overflow.
    func addingClamped(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
