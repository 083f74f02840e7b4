import Foundation
import GlintMedia

/// What an edit does to a movie's timeline, decided from the sample tables before any frame is
/// decoded: which frames are kept and when each is presented in the output (``EditRecipe/trim``),
/// which frame becomes the key photo (``EditRecipe/keyPhoto``), and where the still time goes.
///
/// Times are the recipe's: seconds on the source movie's presentation timeline (through its edit
/// list; 0 is the first moment shown). A trim keeps whole frames: every frame presented at a time
/// in [start, end], each for as long as it was shown. The output starts at the first kept frame
/// and ends when the last kept frame ends; frames keep their spacing exactly.
public struct TimelinePlan: Sendable {
    /// One presented video frame of the source.
    public struct Frame: Sendable, Equatable {
        /// Media time (presentation timestamp of the sample) in the video's media timescale.
        public var mediaTime: Int64
        /// When it is first shown on the source timeline, in media timescale units.
        public var presentationTime: Int64
        /// When the next frame replaces it, or the presentation ends.
        public var endTime: Int64
    }

    /// The part of the source kept by a trim.
    public struct Trim: Sendable, Equatable {
        /// Indices into ``TimelinePlan/frames`` of the kept frames.
        public var frames: Range<Int>
        /// Start of the output on the source timeline (the first kept frame), media units.
        public var start: Int64
        /// End of the output on the source timeline (the end of the last kept frame), media units.
        public var end: Int64
    }

    /// The video track's media timescale (units of ``Frame`` times).
    public let mediaTimescale: UInt32
    /// The movie timescale (edit lists, track and movie durations).
    public let movieTimescale: UInt32
    /// Every frame the source presents, in presentation order.
    public let frames: [Frame]
    /// The trim, or `nil` when the timeline is kept as it is.
    public let trim: Trim?
    /// The frame that becomes the key photo, when the recipe picks one.
    public let keyPhotoFrame: Frame?
    /// The source's still time in seconds, when it has a still-image-time track.
    public let sourceStillTime: Double?
    /// The output's still time, in movie timescale units.
    public let stillTime: UInt64
    /// Whether the still time had to move because the trim left it out.
    public let stillTimeMovedByTrim: Bool
    /// The source's presented duration (movie timescale) and video media duration, for an
    /// untrimmed output.
    private let sourceDuration: UInt64
    private let sourceMediaDuration: Int64
    private let sourceEditList: EditList?
    private let segments: [Segment]

    /// Plans `recipe`'s timeline keys for `movie`.
    /// - Throws: ``RecipeError`` when the trim keeps no frame or the key photo lies outside the
    ///   (trimmed) movie; ``MediaError`` when the movie has no video or an edit list that cannot be
    ///   trimmed.
    public init(movie: QuickTimeMovie, recipe: EditRecipe) throws {
        guard let video = movie.videoTrack else { throw MediaError(.unsupported, file: movie.path, "movie has no video track") }
        let name = movie.path.split(separator: "/").last.map(String.init) ?? movie.path
        mediaTimescale = video.mediaTimescale
        movieTimescale = movie.header.timescale
        sourceDuration = movie.header.duration
        sourceMediaDuration = Int64(video.mediaDuration)
        sourceEditList = video.editList
        segments = try Self.segments(
            of: video, movieTimescale: movie.header.timescale,
            strict: recipe.trim != nil || recipe.keyPhoto != nil, path: movie.path)
        let frames = Self.frames(presentationTimes: video.sampleTable.presentationTimes(), segments: segments)
        self.frames = frames
        let changesTime = recipe.trim != nil || recipe.keyPhoto != nil
        guard let lastFrame = frames.last ?? (changesTime ? nil : Frame(mediaTime: 0, presentationTime: 0, endTime: 0)) else {
            throw MediaError(.corrupt, file: movie.path, "the movie presents no video frame: it cannot be trimmed or give a key photo")
        }
        let trim = try recipe.trim.map {
            try Self.trim(
                frames, to: $0, movieDuration: max(movie.duration, Double(lastFrame.endTime) / Double(video.mediaTimescale)),
                mediaTimescale: video.mediaTimescale, name: name)
        }
        self.trim = trim

        // The output's own frames, on the source timeline.
        let outputFrames = trim.map { Array(frames[$0.frames]) } ?? frames
        let outputEnd = trim?.end ?? lastFrame.endTime
        let keyPhotoFrame = try recipe.keyPhoto.map {
            try Self.keyPhotoFrame(
                at: $0, among: outputFrames, end: outputEnd, mediaTimescale: video.mediaTimescale,
                trimmed: trim != nil, name: name)
        }
        self.keyPhotoFrame = keyPhotoFrame
        sourceStillTime = movie.stillImageTime
        (stillTime, stillTimeMovedByTrim) = Self.stillTime(
            keyPhotoFrame: keyPhotoFrame, sourceStillTime: sourceStillTime, trim: trim, outputFrames: outputFrames,
            outputEnd: outputEnd, mediaTimescale: video.mediaTimescale, movieHeader: movie.header)
    }

    /// Whether the output's timeline differs from the source's (a trim).
    public var isTrimmed: Bool { trim != nil }

    /// The frames the output presents.
    public var outputFrameCount: Int { trim?.frames.count ?? frames.count }

    /// The output's still time in seconds.
    public var stillTimeSeconds: Double {
        if trim == nil, keyPhotoFrame == nil, let sourceStillTime { return sourceStillTime }
        return Double(stillTime) / Double(movieTimescale)
    }

    /// The output's presented duration in movie timescale units.
    public var outputDuration: UInt64 {
        guard let trim else { return sourceDuration }
        return Self.convert(trim.end - trim.start, from: mediaTimescale, to: movieTimescale)
    }

    /// The kept span on the source timeline, in seconds (the whole presentation when untrimmed).
    public var sourceSpan: (start: Double, end: Double) {
        let scale = Double(mediaTimescale)
        guard let trim else { return (0, Double(sourceDuration) / Double(movieTimescale)) }
        return (Double(trim.start) / scale, Double(trim.end) / scale)
    }

    /// The output media time of the decoded frame with media time `mediaTime`, or `nil` when the
    /// trim drops it (the timestamp is kept as it is when the timeline is not trimmed).
    public func outputTime(ofFrameAt mediaTime: Int64) -> Int64? {
        guard let trim else { return mediaTime }
        guard let presented = Self.presentationTime(of: mediaTime, segments: segments),
            presented >= trim.start, presented <= frames[trim.frames.upperBound - 1].presentationTime
        else { return nil }
        return presented - trim.start
    }

    /// The output video track's media duration (unshifted), edit list and presented duration.
    public var videoTiming: (mediaDuration: Int64, editList: EditList?, presentedDuration: UInt64) {
        guard let trim else { return (sourceMediaDuration, sourceEditList, sourceDuration) }
        let duration = outputDuration
        return (trim.end - trim.start, EditList(entries: [.init(segmentDuration: duration, mediaTime: 0)]), duration)
    }

    // MARK: Edit-list segments

    /// One presenting edit: media times [mediaTime, mediaTime + length) shown from `start`
    /// (all in media units).
    struct Segment: Sendable {
        var start: Int64
        var mediaTime: Int64
        var length: Int64
    }

    /// The presenting segments of a track's edit list (the whole media when it has none).
    static func segments(of track: MovieTrack, movieTimescale: UInt32, strict: Bool, path: String) throws -> [Segment] {
        guard let entries = track.editList?.entries, !entries.isEmpty else {
            return [Segment(start: 0, mediaTime: 0, length: Int64(track.mediaDuration))]
        }
        var segments: [Segment] = []
        var start: UInt64 = 0
        for entry in entries {
            let length = Int64(convert(Int64(clamping: entry.segmentDuration), from: movieTimescale, to: track.mediaTimescale))
            if entry.mediaTime >= 0 {
                if entry.mediaRate != 0x10000 && strict {
                    throw MediaError(
                        .unsupported, file: path,
                        "the video's edit list plays media at rate \(Double(entry.mediaRate) / 65536): trim and keyPhoto need normal-speed edits")
                }
                segments.append(
                    Segment(
                        start: Int64(convert(Int64(clamping: start), from: movieTimescale, to: track.mediaTimescale)),
                        mediaTime: entry.mediaTime, length: length))
            }
            start += entry.segmentDuration
        }
        return segments
    }

    /// The presented frames in presentation order, each at its first presentation.
    static func frames(presentationTimes: [Int64], segments: [Segment]) -> [Frame] {
        let times = Array(Set(presentationTimes)).sorted()
        var frames: [Frame] = []
        var seen = Set<Int64>()
        for segment in segments {
            let inside = times.filter { $0 >= segment.mediaTime && $0 < segment.mediaTime + segment.length }
            for (i, time) in inside.enumerated() where !seen.contains(time) {
                seen.insert(time)
                let next = i + 1 < inside.count ? inside[i + 1] : segment.mediaTime + segment.length
                frames.append(
                    Frame(
                        mediaTime: time, presentationTime: segment.start + time - segment.mediaTime,
                        endTime: segment.start + next - segment.mediaTime))
            }
        }
        return frames.sorted { $0.presentationTime < $1.presentationTime }
    }

    static func presentationTime(of mediaTime: Int64, segments: [Segment]) -> Int64? {
        for segment in segments where mediaTime >= segment.mediaTime && mediaTime < segment.mediaTime + segment.length {
            return segment.start + mediaTime - segment.mediaTime
        }
        return nil
    }

    /// `value` in timescale `from` converted to timescale `to`, rounded to the nearest unit.
    static func convert(_ value: Int64, from: UInt32, to: UInt32) -> UInt64 {
        guard value > 0 else { return 0 }
        if from == to { return UInt64(value) }
        return UInt64((Double(value) * Double(to) / Double(from)).rounded())
    }

    static func format(_ seconds: Double) -> String {
        seconds.isFinite ? String(format: "%.3f", seconds) : "\(seconds)"
    }
}
