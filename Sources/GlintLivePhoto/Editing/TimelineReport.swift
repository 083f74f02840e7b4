/// What a trim kept, for the edit's result (`glint edit --json`).
public struct TrimReport: Sendable, Codable, Equatable {
    /// The span the recipe asked for (seconds on the source timeline); `nil` for an open end.
    public var requestedStart: Double
    public var requestedEnd: Double?
    /// The kept span on the source timeline: from the first kept frame to the end of the last.
    public var start: Double
    public var end: Double
    /// The output's duration in seconds.
    public var duration: Double
    /// Frames kept and frames left out.
    public var keptFrames: Int
    public var droppedFrames: Int
}

/// What an edit did to the sound, for the edit's result.
public struct SoundReport: Sendable, Codable, Equatable {
    /// The gain applied (1 unchanged, 0 silent).
    public var gain: Double
    /// Whether the sound was muted (samples silenced, track kept).
    public var muted: Bool
    /// Whether samples were rewritten; `false` means copied byte for byte.
    public var rewritten: Bool
    /// Whether the sound was cut to the trimmed span.
    public var trimmed: Bool
    /// The sample formats of the rewritten tracks (e.g. `s16le 44100 Hz mono`).
    public var formats: [String]
}

extension TimelinePlan {
    /// The trim's report, when the recipe trims.
    public func trimReport(_ recipe: EditRecipe) -> TrimReport? {
        guard let trim, let range = recipe.trim else { return nil }
        let scale = Double(mediaTimescale)
        return TrimReport(
            requestedStart: range.start ?? 0, requestedEnd: range.end,
            start: Double(trim.start) / scale, end: Double(trim.end) / scale,
            duration: Double(outputDuration) / Double(movieTimescale),
            keptFrames: trim.frames.count, droppedFrames: frames.count - trim.frames.count)
    }
}

extension AudioEditPlan {
    /// The sound's report, or `nil` when the movie has no sound track.
    public func report(_ recipe: EditRecipe) -> SoundReport? {
        guard !actions.isEmpty else { return nil }
        var formats: [String] = []
        var trimmed = false
        for action in actions.values {
            if case .rewrite(let format, _, let timing) = action {
                formats.append(format.name)
                trimmed = trimmed || timing != nil
            }
        }
        return SoundReport(
            gain: gain.factor, muted: recipe.mute == true, rewritten: !formats.isEmpty, trimmed: trimmed,
            formats: formats.sorted())
    }
}
