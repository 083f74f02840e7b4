import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Reading back what an edit wrote: the sound's raw samples (with the project's own reader) and
/// the frames' times and streams' durations as ffprobe sees them.
enum MovieProbe {
    /// The raw bytes of the movie's first sound track, in media order.
    static func audioBytes(_ path: String) throws -> [UInt8] {
        let movie = try QuickTimeMovie(path: path)
        let track = try #require(movie.audioTrack, "\(path) has no sound track")
        var bytes: [UInt8] = []
        for chunk in try track.chunkRanges() {
            bytes += try movie.file.read(at: Int64(chunk.offset), count: Int(chunk.length))
        }
        return bytes
    }

    /// Little-endian 16-bit samples.
    static func int16(_ bytes: [UInt8]) -> [Int16] {
        stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    /// The presentation times (seconds, edit list applied) ffprobe reports for the video frames.
    static func frameTimes(_ path: String) throws -> [Double] {
        let ffprobe = try #require(ExternalTool.find("ffprobe"))
        let run = try ExternalTool.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                "-of", "csv=p=0", path,
            ])
        try #require(run.succeeded, "\(run.summary)")
        return run.stdoutText.split(whereSeparator: \.isNewline).compactMap {
            Double($0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        }
    }

    /// ffprobe's duration (seconds) of the first stream of `type` (`v`, `a`).
    static func streamDuration(_ path: String, _ type: String) throws -> Double {
        let ffprobe = try #require(ExternalTool.find("ffprobe"))
        let run = try ExternalTool.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "\(type):0", "-show_entries", "stream=duration",
                "-of", "csv=p=0", path,
            ])
        try #require(run.succeeded, "\(run.summary)")
        return try #require(Double(run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)), "no duration: \(run.stdoutText)")
    }

    /// exiftool's `StillImageTime` values from the movie's timed metadata (`-ee`).
    static func exiftoolStillImageTimes(_ path: String) throws -> [String] {
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let run = try ExternalTool.run(exiftool, ["-ee", "-s", "-StillImageTime", path])
        try #require(run.succeeded, "\(run.summary)")
        return run.stdoutText.split(whereSeparator: \.isNewline).filter { $0.contains("StillImageTime") }
            .map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) }
    }
}
