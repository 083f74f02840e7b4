import GlintMedia

/// Where a movie's frames appear on its presentation timeline: the video track's edit list
/// (empty edits delay the start, a media edit presents a stretch of media), then the recipe's
/// trim window. Times are seconds; the output timeline starts at 0 at the window's start.
struct PresentationTimeline: Sendable, Equatable {
    /// A stretch of media shown from `presentationStart` for `length` seconds.
    struct Segment: Sendable, Equatable {
        var presentationStart: Double
        var mediaStart: Double
        var length: Double
    }

    /// The presented stretches, in order.
    var segments: [Segment]
    /// The part of the presentation kept (after trim).
    var window: ClosedRange<Double>

    /// Times closer than this are the same time (well under a tick of any movie timescale).
    static let epsilon = 1e-6

    /// The timeline of `track` in `movie`, trimmed to `trim`.
    /// - Throws: ``MediaError`` `.unsupported` for edits played at another rate, `.invalidArgument`
    ///   when the trim leaves nothing.
    init(track: MovieTrack, movieTimescale: UInt32, trim: TimeRange?) throws {
        let mediaScale = Double(track.mediaTimescale)
        var segments: [Segment] = []
        if let edits = track.editList, !edits.entries.isEmpty {
            var start = 0.0
            for entry in edits.entries {
                let length = Double(entry.segmentDuration) / Double(max(movieTimescale, 1))
                if entry.mediaTime >= 0 {
                    guard entry.mediaRate == 0x10000 else {
                        throw MediaError(.unsupported, "the video's edit list plays media at a rate other than 1 (slow motion or a still hold)")
                    }
                    segments.append(Segment(presentationStart: start, mediaStart: Double(entry.mediaTime) / mediaScale, length: length))
                }
                start += length
            }
        } else {
            segments = [Segment(presentationStart: 0, mediaStart: 0, length: Double(track.mediaDuration) / mediaScale)]
        }
        let end = segments.map { $0.presentationStart + $0.length }.max() ?? 0
        let from = max(0, trim?.start ?? 0)
        let to = min(end, trim?.end ?? end)
        guard to - from > Self.epsilon else {
            throw MediaError(.invalidArgument, trim == nil
                ? "the movie presents no video"
                : "the trim (\(trim?.start ?? 0) to \(trim?.end ?? end) s) leaves no video of the movie's \(end) s")
        }
        self.segments = segments
        window = from...to
    }

    /// The output duration in seconds.
    var duration: Double { window.upperBound - window.lowerBound }

    /// Where the media stretch `mediaStart ..< mediaEnd` (one frame) is shown: start time and
    /// duration on the output timeline, or `nil` when it is not shown.
    func place(mediaStart: Double, mediaEnd: Double) -> (time: Double, duration: Double)? {
        for segment in segments {
            let low = max(mediaStart, segment.mediaStart)
            let high = min(mediaEnd, segment.mediaStart + segment.length)
            guard high - low > Self.epsilon else { continue }
            let start = max(segment.presentationStart + low - segment.mediaStart, window.lowerBound)
            let end = min(segment.presentationStart + high - segment.mediaStart, window.upperBound)
            guard end - start > Self.epsilon else { continue }
            return (start - window.lowerBound, end - start)
        }
        return nil
    }

    /// Where a presentation time (seconds on the movie's own timeline) lands on the output
    /// timeline, clamped into it.
    func outputTime(ofPresentationTime time: Double) -> Double {
        min(max(time, window.lowerBound), window.upperBound) - window.lowerBound
    }
}
