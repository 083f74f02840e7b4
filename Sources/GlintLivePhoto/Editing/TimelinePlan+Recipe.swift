import GlintMedia

extension TimelinePlan {
    /// The frames a trim of `range` (seconds on the source timeline) keeps: every frame presented
    /// in it.
    /// - Parameters:
    ///   - frames: Every frame the source presents, in presentation order.
    ///   - movieDuration: The source's presented duration in seconds.
    ///   - name: The movie's file name, for errors.
    /// - Throws: ``RecipeError`` when the trim keeps no frame, naming the nearest ones.
    static func trim(
        _ frames: [Frame], to range: TimeRange, movieDuration duration: Double,
        mediaTimescale: UInt32, name: String
    ) throws -> Trim {
        let scale = Double(mediaTimescale)
        func seconds(_ t: Int64) -> Double { Double(t) / scale }
        let start = range.start ?? 0
        let end = range.end ?? .infinity
        guard start < duration else {
            throw RecipeError(
                "\"trim\" keeps no frame of \(name): start \(Self.format(start)) s is at or after the end of the movie (\(Self.format(duration)) s)")
        }
        let epsilon = 1e-9
        let kept = frames.indices.filter {
            seconds(frames[$0].presentationTime) >= start - epsilon && seconds(frames[$0].presentationTime) <= end + epsilon
        }
        guard let first = kept.first, let last = kept.last else {
            let before = frames.last { seconds($0.presentationTime) < start }
            let after = frames.first { seconds($0.presentationTime) > end }
            let nearest = [before, after].compactMap { $0.map { Self.format(seconds($0.presentationTime)) + " s" } }
            throw RecipeError(
                "\"trim\" keeps no frame of \(name): no frame is presented between \(Self.format(start)) s and \(Self.format(end)) s (nearest: \(nearest.joined(separator: " and ")))"
            )
        }
        return Trim(frames: first..<(last + 1), start: frames[first].presentationTime, end: frames[last].endTime)
    }

    /// The frame shown at `time` (seconds on the source timeline) among the output's frames.
    /// - Parameters:
    ///   - outputFrames: The frames the output presents, in presentation order.
    ///   - end: When the last of them ends, media units.
    ///   - trimmed: Whether the output is trimmed (for the error).
    ///   - name: The movie's file name, for errors.
    /// - Throws: ``RecipeError`` when `time` lies outside the output.
    static func keyPhotoFrame(
        at time: Double, among outputFrames: [Frame], end outputEnd: Int64, mediaTimescale: UInt32,
        trimmed: Bool, name: String
    ) throws -> Frame {
        let scale = Double(mediaTimescale)
        func seconds(_ t: Int64) -> Double { Double(t) / scale }
        let low = seconds(outputFrames[0].presentationTime)
        let high = seconds(outputEnd)
        guard time >= low - 1e-9, time < high else {
            let what = trimmed ? "the trimmed movie" : "the movie"
            throw RecipeError(
                "\"keyPhoto\" (\(Self.format(time)) s) is outside \(what) of \(name): choose a time from \(Self.format(low)) s to before \(Self.format(high)) s"
            )
        }
        return outputFrames.last { seconds($0.presentationTime) <= time + 1e-9 } ?? outputFrames[0]
    }

    /// The output's still time in movie timescale units, and whether the trim left the source's
    /// out so that it moved to the nearest kept frame: the key photo's time; else the source's,
    /// moved with the trim; else the middle of the output (where Apple puts the still).
    static func stillTime(
        keyPhotoFrame: Frame?, sourceStillTime: Double?, trim: Trim?, outputFrames: [Frame],
        outputEnd: Int64, mediaTimescale: UInt32, movieHeader: MovieHeader
    ) -> (UInt64, movedByTrim: Bool) {
        let origin = trim?.start ?? 0
        func output(_ mediaTime: Int64) -> UInt64 {
            convert(mediaTime - origin, from: mediaTimescale, to: movieHeader.timescale)
        }
        if let keyPhotoFrame {
            return (output(keyPhotoFrame.presentationTime), false)
        } else if let source = sourceStillTime, let trim {
            let sourceTime = Int64((source * Double(mediaTimescale)).rounded())
            if sourceTime >= trim.start && sourceTime < trim.end {
                return (output(sourceTime), false)
            }
            // Outside the kept span: the nearest kept frame.
            let nearest = sourceTime < trim.start ? outputFrames[0] : outputFrames[outputFrames.count - 1]
            return (output(nearest.presentationTime), true)
        } else if let source = sourceStillTime {
            return (UInt64(max(0, (source * Double(movieHeader.timescale)).rounded())), false)
        } else {
            // A plain clip becoming a Live Photo: mark the middle, where Apple puts the still.
            return ((trim == nil ? movieHeader.duration : output(outputEnd)) / 2, false)
        }
    }
}
