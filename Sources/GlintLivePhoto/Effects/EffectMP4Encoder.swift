import GlintMedia

/// Writes an effect as an MP4: H.264 (or HEVC) video at the frames' real times, and optionally
/// an AAC sound track, with GlintMedia's ``VideoEncoder``, ``AACEncoder`` and ``MP4Writer``.
///
/// Frames are encoded as they arrive; the writer keeps compressed samples in an anonymous
/// scratch file and moves the finished file into place atomically.
///
/// Not thread-safe and not `Sendable`.
final class EffectMP4Encoder: AnimationEncoder {
    /// Units per second of the video's timestamps (iPhone movies use 600).
    static let timescale: Int32 = 600

    let width: Int
    let height: Int
    /// The sound to add when finishing, if any.
    var audio: EffectAudio?

    private let destination: String
    private let encoder: VideoEncoder
    private let writer: MP4Writer
    private let video: MP4Writer.Track
    private var ticks = FrameTicks(rate: Double(timescale))
    private var clock: Int64 = 0
    private var durations: [Double] = []

    /// Prepares an MP4 of `width` x `height` frames (both even) for `destination`, tagged with
    /// `colourInfo` in the stream and `colourBoxes` in the sample entry.
    init(
        destination: String, width: Int, height: Int, encoding: MovieEncoding, colourInfo: VideoColourInfo,
        colourBoxes: [Box] = []
    ) throws {
        self.destination = destination
        self.width = width
        self.height = height
        encoder = try VideoEncoder(
            configuration: VideoEncoderConfiguration(
                codec: try encoding.videoCodec(), width: width, height: height, timeBaseNumerator: 1,
                timeBaseDenominator: Self.timescale, crf: encoding.crf, preset: encoding.preset, colourInfo: colourInfo))
        writer = try MP4Writer(destination: destination, movieTimescale: UInt32(Self.timescale))
        video = writer.addTrack(.video(encoder: encoder, extensions: colourBoxes))
    }

    func append(_ image: RGBImage, duration: Double) throws {
        guard duration.isFinite, duration > 0 else {
            throw MediaError(.invalidArgument, file: destination, "frame \(durations.count) has no positive duration (\(duration) s)")
        }
        for packet in try encoder.encode(frame: image, pts: clock) { try writer.append(packet, to: video) }
        let length = ticks.next(duration: duration)
        clock += Int64(length)
        durations.append(Double(length) / Double(Self.timescale))
    }

    @discardableResult
    func finish() throws -> AnimationSummary {
        guard !durations.isEmpty else {
            throw MediaError(.invalidArgument, file: destination, "a movie needs at least one frame")
        }
        for packet in try encoder.finish() { try writer.append(packet, to: video) }
        writer.setMediaEnd(clock, of: video)
        if let audio, audio.frameCount > 0 {
            let aac = try AACEncoder(sampleRate: audio.sampleRate, channels: audio.channels.count)
            let track = writer.addTrack(.audio(encoder: aac))
            for packet in try aac.encode(planar: audio.channels) { try writer.append(packet, to: track) }
            for packet in try aac.finish() { try writer.append(packet, to: track) }
        }
        let size = try writer.finish()
        return AnimationSummary(frameCount: durations.count, frameDurations: durations, byteCount: Int(size))
    }
}
