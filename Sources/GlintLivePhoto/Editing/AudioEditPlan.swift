import GlintMedia

/// What an edit does to a movie's sound, decided before any work: each sound track is copied
/// byte for byte when neither the sound (``EditRecipe/volume``, ``EditRecipe/mute``) nor the
/// timeline (``EditRecipe/trim``) changes, and otherwise rewritten sample-accurately from its
/// uncompressed (LPCM) samples. Compressed sound that would need changing is refused.
public struct AudioEditPlan: Sendable {
    /// What happens to one sound track.
    public enum Action: Sendable {
        /// Copied byte for byte.
        case copy
        /// Audio frames `frames` rewritten with the plan's gain; `timing` is the new edit list and
        /// track duration, `nil` keeping the track's own.
        case rewrite(format: LPCMFormat, frames: Range<Int>, timing: (editList: EditList?, trackDuration: UInt64)?)
        /// Left out: the trim keeps none of its sound.
        case drop(String)
    }

    /// The gain applied to every rewritten sample (0 when muted).
    public let gain: AudioGain
    /// What happens to each sound track, by track id.
    public let actions: [UInt32: Action]

    /// Plans the sound of `movie` for `recipe`.
    /// - Throws: ``MediaError`` naming the movie: compressed sound with a volume, mute or trim;
    ///   an uncompressed layout or an audio edit list that cannot be cut.
    public init(movie: QuickTimeMovie, recipe: EditRecipe, timeline: TimelinePlan) throws {
        gain = AudioGain(recipe.mute == true ? 0 : recipe.volume ?? 1)
        var actions: [UInt32: Action] = [:]
        for track in movie.tracks where track.handlerType == "soun" {
            guard !gain.isIdentity || timeline.isTrimmed else {
                actions[track.trackID] = .copy
                continue
            }
            actions[track.trackID] = try MediaError.naming(movie.path) {
                guard let description = track.sampleDescriptions.first else {
                    throw MediaError(.corrupt, "sound track \(track.trackID) has no sample description")
                }
                let format = try LPCMFormat(description)
                let layout = try LPCMTrackRewriter.frameLayout(of: track, format: format)
                guard timeline.isTrimmed else { return .rewrite(format: format, frames: 0..<layout.count, timing: nil) }
                return try Self.cut(
                    track, layout: layout, format: format, span: timeline.sourceSpan,
                    movieTimescale: movie.header.timescale)
            }
        }
        self.actions = actions
    }

    /// Whether any sound track changes.
    public var changesSound: Bool {
        actions.values.contains { if case .copy = $0 { false } else { true } }
    }

    /// The frames of `track` presented during `span` (seconds on the source timeline), and the
    /// edit list placing them from time 0.
    static func cut(
        _ track: MovieTrack, layout: (count: Int, duration: Int64), format: LPCMFormat,
        span: (start: Double, end: Double), movieTimescale: UInt32
    ) throws -> Action {
        let scale = Double(track.mediaTimescale)
        let movieScale = Double(movieTimescale)
        var segmentStart = 0.0
        var mediaStart: Int64 = 0
        var mediaEnd = Int64(layout.count) * layout.duration
        if let entries = track.editList?.entries, !entries.isEmpty {
            let presenting = entries.filter { $0.mediaTime >= 0 }
            guard presenting.count == 1, let edit = presenting.first, edit.mediaRate == 0x10000, entries.last == edit else {
                throw MediaError(
                    .unsupported,
                    "the sound track's edit list (\(entries.count) edits) cannot be trimmed: only one normal-speed edit, maybe after an empty one, is supported"
                )
            }
            segmentStart = Double(entries.dropLast().reduce(0) { $0 + $1.segmentDuration }) / movieScale
            mediaStart = edit.mediaTime
            mediaEnd = min(mediaEnd, mediaStart + Int64((Double(edit.segmentDuration) / movieScale * scale).rounded()))
        }
        let from = max(mediaStart, mediaStart + Int64(((span.start - segmentStart) * scale).rounded()))
        let to = min(mediaEnd, mediaStart + Int64(((span.end - segmentStart) * scale).rounded()))
        let first = Int((Double(from) / Double(layout.duration)).rounded())
        let last = Int((Double(to) / Double(layout.duration)).rounded())
        guard last > first else { return .drop("the trim keeps none of its sound") }
        let lead = UInt64(max(0, ((segmentStart - span.start) * movieScale).rounded()))
        let length = UInt64((Double((last - first) * Int(layout.duration)) / scale * movieScale).rounded())
        var entries: [EditList.Entry] = []
        if lead > 0 { entries.append(.init(segmentDuration: lead, mediaTime: -1)) }
        entries.append(.init(segmentDuration: max(1, length), mediaTime: 0))
        return .rewrite(format: format, frames: first..<last, timing: (EditList(entries: entries), lead + max(1, length)))
    }
}
