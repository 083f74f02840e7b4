import Foundation
import GlintMedia

/// Generates Live Photo pairs for tests and demos with the project's own writers: a JPEG or HEIC
/// still and a QuickTime movie of the same scene, at any size, rotation and codec, with or
/// without audio and identifiers.
public enum SyntheticLivePhoto {
    /// What to generate.
    public struct Options: Sendable {
        /// Displayed size of the still.
        public var stillWidth = 1200
        public var stillHeight = 900
        /// Displayed size of the movie frames.
        public var frameWidth = 480
        public var frameHeight = 360
        /// Clockwise rotation in degrees (multiple of 90) of both halves: the still's EXIF
        /// orientation (JPEG only) and the movie's matrix; pixels are stored turned back.
        public var rotation = 0
        /// `h264` or `hevc`.
        public var codec = "h264"
        /// Number of frames.
        public var frameCount = 20
        /// Whether the movie has an LPCM audio track.
        public var audio = true
        /// The still's identifier (in an Apple MakerNote); `nil` writes no MakerNote.
        public var stillIdentifier: ContentIdentifier?
        /// The movie's identifier; `nil` writes no identifier key.
        public var movieIdentifier: ContentIdentifier?
        /// Whether the movie has a still-image-time track.
        public var stillImageTimeTrack = true
        /// Index of the frame that is the still.
        public var stillFrameIndex = 10
        /// Frame durations in 1/600 s, cycled (``SyntheticLivePhoto/frameDurations`` unless told
        /// otherwise; `[20]` is a constant 30 fps).
        public var frameDurations: [Int64] = SyntheticLivePhoto.frameDurations
        /// Draws the picture at a time (0...1 across the movie) in display orientation, for the
        /// still and every frame; ``SyntheticScene/render(width:height:time:)`` when `nil`.
        public var scene: (@Sendable (_ width: Int, _ height: Int, _ time: Double) -> RGBImage)?
        /// The still's format. A HEIC still is stored upright (EXIF orientation 1, no container
        /// transform, see ``HEICEncoder``), whatever ``rotation`` says; its colour is described by
        /// an `nclx` (and, for Display P3, an ICC profile too).
        public var stillFormat = StillFormat.jpeg
        /// The still's colour space: sRGB writes no ICC profile (a HEIC gets an sRGB `nclx`),
        /// Display P3 embeds one.
        public var stillColourSpace = SyntheticColourSpace.sRGB
        /// The movie's colour space, written as its colour tags (VUI and `colr` box). When it
        /// differs from the still's, frames are converted so that both show the same colours.
        public var movieColourSpace = SyntheticColourSpace.sRGB
        /// An HDR gain map on the still, made from its luma; none by default.
        public var gainMap: SyntheticGainMap?

        public init() {}
    }

    /// Frame durations in 1/600 s, cycled: a variable rate near 30 fps like an iPhone's.
    public static let frameDurations: [Int64] = [20, 20, 21, 19, 40, 20]
    /// Movie timescale.
    public static let timescale: UInt32 = 600

    /// The presentation times of the frames, in 1/600 s.
    public static func frameTimes(count: Int, durations: [Int64] = frameDurations) -> [Int64] {
        var times: [Int64] = []
        var t: Int64 = 0
        for i in 0..<count {
            times.append(t)
            t += durations[i % durations.count]
        }
        return times
    }

    /// Writes `stillPath` and `moviePath`.
    public static func write(_ options: Options, stillPath: String, moviePath: String) throws {
        guard let rotation = Orientation(clockwiseDegrees: options.rotation) else {
            throw MediaError(.invalidArgument, "rotation must be a multiple of 90 degrees")
        }
        guard options.frameCount > 0, options.stillFrameIndex < options.frameCount else {
            throw MediaError(.invalidArgument, "the still frame must be one of the frames")
        }
        guard !options.frameDurations.isEmpty, options.frameDurations.allSatisfy({ $0 > 0 }) else {
            throw MediaError(.invalidArgument, "frame durations must be positive")
        }
        let durations = options.frameDurations
        let times = frameTimes(count: options.frameCount, durations: durations)
        let end = times.last! + durations[(options.frameCount - 1) % durations.count]
        let stillT = Double(times[options.stillFrameIndex]) / Double(end)

        // The still: the scene at the still time; a JPEG's is stored turned back so that EXIF turns
        // it upright.
        let stillRotation = options.stillFormat == .jpeg ? rotation : .up
        let render = options.scene ?? SyntheticScene.render
        let still = render(options.stillWidth, options.stillHeight, stillT)
            .transformed(by: stillRotation.inverse)
        var exif = ExifMetadata.minimal(orientation: stillRotation, contentIdentifier: options.stillIdentifier)
        exif.ifd0.set(.ascii(tag: ExifTag.make, "Glint"))
        exif.ifd0.set(.ascii(tag: ExifTag.model, "Synthetic Live Photo"))
        var bytes = try encodeStill(still, exif: exif, format: options.stillFormat, colourSpace: options.stillColourSpace)
        if let gainMap = options.gainMap { bytes = try gainMap.attach(to: bytes, picture: still, format: options.stillFormat) }
        try AtomicFileWriter.write(bytes, to: stillPath)

        try writeMovie(options, rotation: rotation, times: times, end: end, to: moviePath)
    }

    /// The still's file: a JPEG at quality 95, or a HEIC at quality 90.
    static func encodeStill(
        _ still: RGBImage, exif: ExifMetadata, format: StillFormat,
        colourSpace: SyntheticColourSpace
    ) throws -> [UInt8] {
        let profile = colourSpace == .displayP3 ? try ColourSpace.displayP3.iccProfile() : nil
        switch format {
        case .jpeg:
            return try JPEGAssembler.assemble(
                encoded: try JPEGEncoder.encode(still, quality: 95),
                segments: [try JPEGSegment.exif(try exif.serialized())]
                    + (try profile.map { try JPEGSegment.iccProfileSegments($0) } ?? []))
        case .heic:
            let nclx: NCLXColourProfile = colourSpace == .displayP3 ? .displayP3 : .sRGB
            let metadata = HEICEncoder.Metadata(exif: exif, colourProfile: HEICColourProfile(icc: profile, nclx: nclx))
            return try HEICEncoder.encode(still, metadata: metadata, settings: HEICEncoder.Settings(quality: 90, preset: "veryfast"))
        case .png:
            throw MediaError(.invalidArgument, "a Live Photo's still is a JPEG or a HEIC, not a PNG")
        }
    }

    static func writeMovie(_ options: Options, rotation: Orientation, times: [Int64], end: Int64, to path: String) throws {
        let (storedW, storedH) = rotation.swapsDimensions ? (options.frameHeight, options.frameWidth) : (options.frameWidth, options.frameHeight)
        let codec = try MovieEncoding(codec: options.codec).videoCodec()
        let primaries: VideoColourPrimaries = options.movieColourSpace == .displayP3 ? .displayP3 : .bt709
        let encoder = try VideoEncoder(
            configuration: VideoEncoderConfiguration(
                codec: codec, width: storedW, height: storedH, timeBaseNumerator: 1, timeBaseDenominator: Int32(timescale),
                crf: 16, preset: "veryfast", colourInfo: VideoColourInfo(range: .full, primaries: primaries, transfer: .bt709, matrix: .bt709)))
        // Frames show the still's colours in the movie's space.
        let conversion =
            options.stillColourSpace == options.movieColourSpace
            ? nil
            : try RGBLookupCube(
                source: options.stillColourSpace.space, output: options.movieColourSpace.space,
                adjustment: ColourAdjustment())
        let writer = try QuickTimeMovieWriter(destination: path)
        var builder = VideoTrackBuilder()
        func store(_ packets: [EncodedVideoPacket]) throws {
            for packet in packets {
                let offset = try writer.append(packet.data)
                builder.add(offset: offset, size: packet.data.count, presentationTime: packet.pts, decodeTime: packet.dts, isKeyframe: packet.isKeyframe)
            }
        }
        for time in times {
            var frame = (options.scene ?? SyntheticScene.render)(options.frameWidth, options.frameHeight, Double(time) / Double(end))
            conversion?.apply(to: &frame)
            try store(try encoder.encode(frame: frame.transformed(by: rotation.inverse), pts: time))
        }
        try store(try encoder.finish())

        let duration = UInt64(end)
        let entry = VisualSampleEntry.make(
            format: FourCC(encoder.sampleEntryFourCC), width: storedW, height: storedH,
            compressorName: codec == .hevc ? "HEVC" : "H.264",
            extensions: [
                Box(FourCC(encoder.configurationBoxType), payload: encoder.decoderConfigurationRecord),
                ColourInformationBox(primaries: primaries, transfer: .bt709, matrix: .bt709).box,
            ])
        let videoTrack = try builder.makeTrack(
            template: nil, trackID: 1, sampleEntry: entry, width: storedW, height: storedH,
            matrix: TransformMatrix(orientation: rotation, width: storedW, height: storedH),
            mediaTimescale: timescale, mediaDuration: end, movieTimescale: timescale, editList: nil, presentedDuration: duration)
        try finishMovie(options, videoTrack: videoTrack, stillTime: UInt64(times[options.stillFrameIndex]), end: end, writer: writer)
    }

    /// Adds the tone and still-image-time tracks the options ask for, and the metadata, after
    /// `videoTrack`, and finishes the movie.
    private static func finishMovie(_ options: Options, videoTrack: Box, stillTime: UInt64, end: Int64, writer: QuickTimeMovieWriter) throws {
        var traks = [videoTrack]
        var nextTrackID: UInt32 = 2
        if options.audio {
            traks.append(try writeTone(end: end, trackID: nextTrackID, into: writer))
            nextTrackID += 1
        }
        if options.stillImageTimeTrack {
            let offset = try writer.append(StillImageTimeTrack.sampleBytes)
            traks.append(
                StillImageTimeTrack.makeTrack(
                    trackID: nextTrackID, videoTrackID: 1,
                    stillTime: stillTime, sampleOffset: offset))
            nextTrackID += 1
        }
        var metadata = QuickTimeMetadata()
        metadata.setString("Glint", forKey: "com.apple.quicktime.make")
        metadata.setString("Synthetic Live Photo", forKey: "com.apple.quicktime.model")
        metadata.contentIdentifier = options.movieIdentifier
        let moov = Box(
            "moov",
            children: [MovieHeader.makeBox(timescale: timescale, duration: UInt64(end), nextTrackID: nextTrackID)]
                + traks + [metadata.makeBox()])
        try writer.finish(moov: moov)
    }

    /// Writes a 440 Hz tone lasting until `end` (in ``timescale`` units), 16-bit mono at 44.1 kHz,
    /// into `writer`, and returns its track.
    static func writeTone(end: Int64, trackID: UInt32, into writer: QuickTimeMovieWriter) throws -> Box {
        let sampleRate = 44100
        let frames = Int(Double(sampleRate) * Double(end) / Double(timescale))
        var pcm = [UInt8]()
        pcm.reserveCapacity(frames * 2)
        for i in 0..<frames {
            let value = Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / Double(sampleRate)))
            pcm.append(UInt8(truncatingIfNeeded: value))
            pcm.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        let offset = try writer.append(pcm)
        return LPCMAudioTrack.makeTrack(
            trackID: trackID, sampleRate: sampleRate, channels: 1,
            frameCount: frames, chunkOffset: offset, movieDuration: UInt64(end))
    }
}

/// The colour spaces generated pairs are made in.
public enum SyntheticColourSpace: String, Sendable, CaseIterable {
    /// sRGB (a still without a profile, a movie tagged BT.709).
    case sRGB = "srgb"
    /// Display P3 (a still with a Display P3 ICC profile, a movie tagged with P3 primaries).
    case displayP3 = "display-p3"

    /// The space itself.
    public var space: ColourSpace { self == .sRGB ? .sRGB : .displayP3 }
}
