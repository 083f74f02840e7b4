/// What one track of an ``MP4Writer`` carries and how it is presented.
public struct MP4TrackFormat: Sendable {
    /// The media type, with what the track header needs for it.
    public enum Kind: Sendable, Equatable {
        /// A picture track, presented at `width` x `height` (before the matrix).
        case video(width: Double, height: Double)
        /// A sound track.
        case audio
    }

    /// The media type.
    public var kind: Kind
    /// The sample description (`avc1`/`hvc1` with its configuration box, `mp4a` with `esds`).
    public var sampleEntry: SampleDescription
    /// Units per second of the sample times given to the writer.
    public var mediaTimescale: UInt32
    /// The display matrix (rotation) of a video track.
    public var matrix: TransformMatrix
    /// The edit list, with segment durations in the movie timescale and media times in the same
    /// units as the sample times given to the writer (the writer shifts them with the samples).
    /// `nil` presents all media from its start; for samples whose first decoding time is not
    /// zero (B-frames, audio priming) the writer adds the edit that hides the difference.
    public var editList: EditList?
    /// The media language, ISO 639-2/T packed as in `mdhd` (`und` by default).
    public var language: UInt16

    /// Creates a track description.
    public init(
        kind: Kind, sampleEntry: SampleDescription, mediaTimescale: UInt32, matrix: TransformMatrix = .identity,
        editList: EditList? = nil, language: UInt16 = 0x55C4
    ) {
        self.kind = kind
        self.sampleEntry = sampleEntry
        self.mediaTimescale = mediaTimescale
        self.matrix = matrix
        self.editList = editList
        self.language = language
    }

    /// A video track for ``VideoEncoder`` output: an `avc1`/`hvc1` entry holding the encoder's
    /// configuration record, timed in the encoder's time base.
    /// - Parameters:
    ///   - encoder: The encoder whose packets the track will hold.
    ///   - matrix: The display matrix (rotation).
    ///   - editList: The edit list in the encoder's time base, if any.
    ///   - extensions: More sample-entry boxes, such as `colr` or `pasp`.
    public static func video(
        encoder: VideoEncoder, matrix: TransformMatrix = .identity, editList: EditList? = nil,
        extensions: [Box] = []
    ) -> MP4TrackFormat {
        let c = encoder.configuration
        let entry = VisualSampleEntry.make(
            format: FourCC(encoder.sampleEntryFourCC), width: c.width, height: c.height,
            compressorName: c.codec == .hevc ? "HEVC" : "H.264",
            extensions: [Box(FourCC(encoder.configurationBoxType), payload: encoder.decoderConfigurationRecord)] + extensions)
        return MP4TrackFormat(
            kind: .video(width: Double(c.width), height: Double(c.height)), sampleEntry: entry,
            mediaTimescale: UInt32(c.timeBaseDenominator / max(c.timeBaseNumerator, 1)),
            matrix: matrix, editList: editList)
    }

    /// An AAC sound track for ``AACEncoder`` output, timed in samples.
    /// - Parameters:
    ///   - encoder: The encoder whose packets the track will hold.
    ///   - editList: The edit list in samples counted from the first input sample (the writer
    ///     adds the encoder's priming); `nil` presents every input sample from the start.
    public static func audio(encoder: AACEncoder, editList: EditList? = nil) -> MP4TrackFormat {
        MP4TrackFormat(
            kind: .audio,
            sampleEntry: AACSampleEntry.make(
                audioSpecificConfig: encoder.audioSpecificConfig,
                sampleRate: encoder.sampleRate, channels: encoder.channels,
                bitRate: encoder.bitRate),
            mediaTimescale: UInt32(encoder.sampleRate), editList: editList)
    }
}
