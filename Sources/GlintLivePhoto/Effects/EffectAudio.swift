import Foundation
import GlintMedia

/// The sound of an effect: the movie's audio as presented (edit list and trim applied), as
/// planar samples in -1...1, and what each effect does to it.
///
/// Live Photo sound is a few seconds of uncompressed PCM, so it is held whole (a 3 s mono track
/// is half a megabyte as floats).
struct EffectAudio: Sendable, Equatable {
    /// Samples per second.
    var sampleRate: Int
    /// One array per channel, all the same length.
    var channels: [[Float]]

    /// Frames (samples per channel).
    var frameCount: Int { channels.first?.count ?? 0 }

    /// The movie's sound over `window` (seconds of its presentation), or `nil` when it has none.
    /// - Throws: ``MediaError`` `.unsupported` when the sound is compressed (not PCM).
    static func presented(in movie: QuickTimeMovie, window: ClosedRange<Double>) throws -> EffectAudio? {
        guard let track = movie.audioTrack else { return nil }
        let reader = try LPCMTrackReader(movie: movie, track: track)
        let rate = Int(reader.format.sampleRate.rounded())
        guard rate > 0 else { throw MediaError(.corrupt, file: movie.path, "the sound track has no sample rate") }
        var media = [[Float]](repeating: [], count: reader.format.channels)
        try reader.forEachBlock { block in
            let planes = reader.format.planarSamples(from: block)
            for c in media.indices { media[c] += planes[c] }
        }
        // Where the media starts on the presentation timeline (first media edit; none: at 0).
        var presentationStart = 0.0
        var mediaStart = 0.0
        if let edits = track.editList?.entries {
            var clock = 0.0
            for entry in edits {
                if entry.mediaTime >= 0 {
                    presentationStart = clock
                    mediaStart = Double(entry.mediaTime) / Double(track.mediaTimescale)
                    break
                }
                clock += Double(entry.segmentDuration) / Double(max(movie.header.timescale, 1))
            }
        }
        let first = Int(((window.lowerBound - presentationStart + mediaStart) * Double(rate)).rounded())
        let count = Int(((window.upperBound - window.lowerBound) * Double(rate)).rounded())
        let channels = media.map { samples -> [Float] in
            (0..<count).map { i in
                let j = first + i
                return j >= 0 && j < samples.count ? samples[j] : 0
            }
        }
        return EffectAudio(sampleRate: rate, channels: channels)
    }

    /// The Loop's sound, cut and cross-faded like its picture (``LoopedFrameStream``): from
    /// `fade` seconds to the end, the last `fade` seconds mixed with the first with equal-power
    /// gains (the two stretches are different moments, so their powers add), reaching the sound
    /// just before `fade` at the very end, so the loop's sound wraps with no click.
    func looped(fade: Double) -> EffectAudio {
        let total = frameCount
        let f = min(max(Int((fade * Double(sampleRate)).rounded()), 1), total / 2)
        let tail = total - f
        let output = channels.map { x -> [Float] in
            (0..<(total - f)).map { j in
                let t = j + f
                guard t >= tail else { return x[t] }
                let w = Double(t - tail + 1) / Double(f)
                return Float(cos(w * .pi / 2)) * x[t] + Float(sin(w * .pi / 2)) * x[t - tail]
            }
        }
        return EffectAudio(sampleRate: sampleRate, channels: output)
    }
}
