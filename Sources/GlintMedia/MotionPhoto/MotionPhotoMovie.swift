import Foundation

/// The movie half of a Live Photo made from a Motion Photo: the embedded MP4's video and audio
/// samples copied byte for byte into a QuickTime movie (`qt  ` brand), with Apple's still-image-time
/// track at the photo's presentation timestamp (the nearest frame; mid-movie when the photo gives
/// none), and QuickTime keys: the content identifier, and the make, model, creation date and
/// location taken from the still's EXIF (an embedded video carries none of them).
public enum MotionPhotoMovie {
    /// What was written.
    public struct Result: Sendable, Equatable {
        /// The still's time in the movie, in seconds (a frame's presentation time).
        public var stillTime: Double
        /// Whether the time came from the photo (false: mid-movie, for want of one).
        public var stillTimeFromPhoto: Bool
        /// Video samples copied.
        public var frameCount: Int
        /// Whether an audio track was copied.
        public var hasAudio: Bool
    }

    /// Writes the movie of `photo` (found in the file at `path`) to `destination`, atomically.
    /// - Throws: ``MediaError`` naming the photo: `.corrupt` when the embedded video has no video
    ///   track or damaged sample tables; `.writeFailed`.
    public static func write(
        _ photo: MotionPhoto, in path: String, identifier: ContentIdentifier, exif: ExifMetadata?, to destination: String
    ) throws -> Result {
        let window = try RandomAccessFile(path: path, offset: photo.videoOffset, length: photo.videoLength)
        let movie = try MediaError.naming(path) { try QuickTimeMovie(file: window) }
        guard let video = movie.videoTrack else { throw MediaError(.corrupt, file: path, "the embedded Motion Photo video has no video track") }
        let (stillTime, fromPhoto) = try MediaError.naming(path) { try nearestFrameTime(to: photo, video: video, movie: movie) }
        let writer = try QuickTimeMovieWriter(destination: destination)
        do {
            var traks = [try writer.copyTrack(video, from: movie)]
            if let audio = movie.audioTrack { traks.append(try writer.copyTrack(audio, from: movie)) }
            let newTrack = NewTrackID(after: movie.tracks.map(\.trackID))
            let sampleOffset = try writer.append(StillImageTimeTrack.sampleBytes)
            traks.append(
                StillImageTimeTrack.makeTrack(
                    trackID: newTrack.trackID, videoTrackID: video.trackID,
                    stillTime: try movieTime(stillTime, timescale: movie.header.timescale, path: path), sampleOffset: sampleOffset))
            var header = movie.header
            header.nextTrackID = newTrack.nextTrackID
            guard var mvhd = movie.moov.child("mvhd") else { throw MediaError(.corrupt, file: path, "the embedded Motion Photo video has no mvhd box") }
            try header.patch(&mvhd)
            let keys = metadata(identifier: identifier, exif: exif)
            try writer.finish(moov: Box("moov", children: [mvhd] + traks + [keys.makeBox()]))
        } catch {
            writer.discard()
            throw error
        }
        return Result(stillTime: stillTime, stillTimeFromPhoto: fromPhoto, frameCount: video.sampleTable.sampleCount, hasAudio: movie.audioTrack != nil)
    }

    /// `seconds` in the movie's `timescale`.
    /// - Throws: ``MediaError`` `.corrupt` when it does not fit 64 bits (a hostile time scale).
    static func movieTime(_ seconds: Double, timescale: UInt32, path: String) throws -> UInt64 {
        let ticks = (seconds * Double(timescale)).rounded()
        guard ticks.isFinite, ticks >= 0, ticks < 0x1p64 else {
            throw MediaError(.corrupt, file: path, "the still's time, \(seconds) s, does not fit the embedded video's time scale \(timescale)")
        }
        return UInt64(ticks)
    }

    /// The presentation time (seconds) of the frame nearest the photo's timestamp, or of the
    /// frame nearest the middle when the photo gives none (absent or -1).
    static func nearestFrameTime(to photo: MotionPhoto, video: MovieTrack, movie: QuickTimeMovie) throws -> (Double, Bool) {
        let timestamp = photo.presentationTimestampUs.flatMap { $0 >= 0 ? Double($0) / 1_000_000 : nil }
        let target = timestamp ?? movie.duration / 2
        let times = video.sampleTable.presentationTimes().compactMap {
            video.presentationSeconds(ofMediaTime: $0, movieTimescale: movie.header.timescale)
        }
        guard let nearest = times.min(by: { abs($0 - target) < abs($1 - target) }) else {
            throw MediaError(.corrupt, "the embedded Motion Photo video has no frames")
        }
        return (max(0, nearest), timestamp != nil)
    }

    /// The movie's QuickTime keys.
    static func metadata(identifier: ContentIdentifier, exif: ExifMetadata?) -> QuickTimeMetadata {
        var keys = QuickTimeMetadata()
        keys.contentIdentifier = identifier
        if let make = exif?.make { keys.setString(make, forKey: "com.apple.quicktime.make") }
        if let model = exif?.model { keys.setString(model, forKey: "com.apple.quicktime.model") }
        if let date = exif?.captureDateISO8601 { keys.setString(date, forKey: "com.apple.quicktime.creationdate") }
        if let location = exif?.locationISO6709 { keys.setString(location, forKey: MovieToMP4.locationKey) }
        return keys
    }
}
