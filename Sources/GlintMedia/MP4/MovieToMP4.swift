/// Turns a QuickTime movie (a Live Photo's `.mov`) into an MP4 that plays anywhere: the
/// H.264 or HEVC video samples are copied byte for byte with their timestamps and edit list,
/// and uncompressed (LPCM) audio is encoded to AAC with its edit list kept (the encoder's
/// priming hidden by the edit).
///
/// Apple's timed-metadata tracks and QuickTime keys are not carried (MP4 players ignore them);
/// the location, when kept, is written as `udta/©xyz`, and the creation time is kept.
public enum MovieToMP4 {
    /// The QuickTime key holding the recording location.
    public static let locationKey = "com.apple.quicktime.location.ISO6709"

    /// Choices for the conversion.
    public struct Options: Sendable {
        /// Whether the movie's location goes into the MP4 (`udta/©xyz`).
        public var keepLocation: Bool
        /// AAC bit rate; `nil` lets ``AACEncoder`` choose.
        public var audioBitRate: Int?
        public init(keepLocation: Bool = true, audioBitRate: Int? = nil) {
            self.keepLocation = keepLocation
            self.audioBitRate = audioBitRate
        }
    }

    /// What was written.
    public struct Result: Sendable, Equatable {
        /// `h264` or `hevc`.
        public var videoCodec: String
        /// Video samples copied.
        public var frameCount: Int
        /// Presented duration in seconds.
        public var duration: Double
        /// `aac` when the movie had audio, `nil` otherwise.
        public var audioCodec: String?
        /// Why the movie's audio was left out, when it was.
        public var droppedAudio: String?
        /// The MP4's size in bytes.
        public var size: Int64
    }

    /// Converts `movie` into an MP4 at `destination` (written atomically).
    /// - Throws: ``MediaError`` naming the movie or the destination: `.unsupported` for video
    ///   other than H.264/HEVC, `.corrupt` for damaged sample tables, `.writeFailed`.
    @discardableResult
    public static func convert(_ movie: QuickTimeMovie, to destination: String, options: Options = Options()) throws -> Result {
        guard let video = movie.videoTrack, let entry = video.sampleDescriptions.first else {
            throw MediaError(.unsupported, file: movie.path, "movie has no video track")
        }
        let codec: String
        switch entry.format {
        case "avc1", "avc3": codec = "h264"
        case "hvc1", "hev1": codec = "hevc"
        default: throw MediaError(.unsupported, file: movie.path, "video in '\(entry.format)' cannot go into an MP4 here: only H.264 and HEVC")
        }
        let writer = try MP4Writer(destination: destination, movieTimescale: movie.header.timescale)
        writer.creationTime = creationTime(of: movie)
        if options.keepLocation {
            if let location = movie.metadata.string(forKey: locationKey) ?? movie.metadata.string(forKey: "location") {
                writer.userData.append(MP4Boxes.location(location))
            } else if let location = movie.moov.child("udta")?.child(MovieLocationRemover.userDataLocation) {
                writer.userData.append(location)
            }
        }
        let frames = try copyVideo(video, of: movie, into: writer)
        var audioCodec: String?
        var dropped: String?
        if let audio = movie.audioTrack {
            do {
                if audio.format == "mp4a" {
                    // AAC already (a Motion Photo's movie): copied as it is.
                    try copySamples(audio, kind: .audio, of: movie, into: writer)
                } else {
                    try encodeAudio(audio, of: movie, into: writer, bitRate: options.audioBitRate)
                }
                audioCodec = "aac"
            } catch let error as MediaError where error.kind == .unsupported {
                dropped = error.problem
            }
        }
        let size = try writer.finish()
        return Result(
            videoCodec: codec, frameCount: frames, duration: movie.duration, audioCodec: audioCodec,
            droppedAudio: dropped, size: size)
    }

    /// Copies every video sample with its decoding and presentation time.
    static func copyVideo(_ video: MovieTrack, of movie: QuickTimeMovie, into writer: MP4Writer) throws -> Int {
        try copySamples(video, kind: .video(width: video.trackWidth, height: video.trackHeight), of: movie, into: writer)
    }

    /// Copies every sample of `source` (video, or AAC audio) with its decoding and presentation
    /// time, its sample entry and its edit list.
    static func copySamples(_ source: MovieTrack, kind: MP4TrackFormat.Kind, of movie: QuickTimeMovie, into writer: MP4Writer) throws -> Int {
        let video = source
        let table = video.sampleTable
        let track = writer.addTrack(
            MP4TrackFormat(
                kind: kind, sampleEntry: video.sampleDescriptions[0], mediaTimescale: video.mediaTimescale,
                matrix: video.matrix, editList: video.editList))
        let decodeTimes = table.decodeTimes()
        let presentationTimes = table.presentationTimes()
        let sync = table.syncSamples.map { Set($0.map { Int($0) - 1 }) }
        let chunks = try MediaError.naming(movie.path) { try table.chunks() }
        for chunk in chunks {
            var offset = Int64(chunk.offset)
            for index in chunk.firstSample..<(chunk.firstSample + chunk.sampleCount) {
                let size = Int(table.size(ofSample: index))
                let bytes = try movie.file.read(at: offset, count: size)
                offset += Int64(size)
                try writer.append(
                    bytes, to: track, decodeTime: decodeTimes[index], presentationTime: presentationTimes[index],
                    isSync: sync?.contains(index) ?? true)
            }
        }
        writer.setMediaEnd(table.mediaDuration, of: track)
        return table.sampleCount
    }

    /// Encodes an LPCM track to AAC, keeping its edit list.
    /// - Throws: ``MediaError`` `.unsupported` when the audio is not PCM or AAC cannot carry it.
    static func encodeAudio(_ audio: MovieTrack, of movie: QuickTimeMovie, into writer: MP4Writer, bitRate: Int?) throws {
        guard let entry = audio.sampleDescriptions.first, SoundSampleEntry.isLPCM(entry.format) else {
            let name = audio.sampleDescriptions.first?.format.description ?? "no sample description"
            throw MediaError(.unsupported, "the audio is '\(name)', not uncompressed PCM: only LPCM audio is encoded to AAC")
        }
        let reader = try LPCMTrackReader(movie: movie, track: audio)
        let format = reader.format
        guard let rate = Int(exactly: format.sampleRate) else {
            throw MediaError(.unsupported, "audio at \(format.sampleRate) Hz cannot be encoded to AAC")
        }
        let encoder = try AACEncoder(sampleRate: rate, channels: format.channels, bitRate: bitRate)
        let frames = try reader.frameCount()
        // Edits in samples: the source's media times rescaled from its timescale to the sample rate.
        let scale = format.sampleRate / Double(audio.mediaTimescale)
        let edits =
            audio.editList.map { list in
                EditList(
                    entries: list.entries.map { entry in
                        var e = entry
                        if e.mediaTime >= 0 { e.mediaTime = Int64((Double(e.mediaTime) * scale).rounded()) }
                        return e
                    })
            }
            ?? EditList(entries: [
                .init(
                    segmentDuration: UInt64(frames) * UInt64(movie.header.timescale) / UInt64(rate),
                    mediaTime: 0)
            ])
        let track = writer.addTrack(.audio(encoder: encoder, editList: edits))
        try reader.forEachBlock { block in
            for packet in try encoder.encode(pcm: block, format: format) { try writer.append(packet, to: track) }
        }
        for packet in try encoder.finish() { try writer.append(packet, to: track) }
    }

    /// The movie's creation time (seconds since 1904) from `mvhd`.
    static func creationTime(of movie: QuickTimeMovie) -> UInt32 {
        guard let mvhd = movie.moov.child("mvhd"), mvhd.payload.count >= 8, mvhd.payload[0] == 0 else { return 0 }
        return mvhd.payload[4..<8].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
