import Foundation
import GlintTestSupport
import Testing

/// ffprobe and ffmpeg as independent readers of what GlintMedia writes.
enum MediaProbe {
    static let ffprobe = ExternalTool.find("ffprobe")
    static let ffmpeg = ExternalTool.find("ffmpeg")

    /// `ffprobe -show_streams -show_format` as JSON.
    static func streams(_ path: String) throws -> (streams: [[String: Any]], format: [String: Any]) {
        let run = try ExternalTool.run(try #require(ffprobe), ["-v", "error", "-of", "json", "-show_streams", "-show_format", path])
        try #require(run.succeeded, "\(run.summary)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        return (object["streams"] as? [[String: Any]] ?? [], object["format"] as? [String: Any] ?? [:])
    }

    /// Decodes every stream to nothing; returns ffmpeg's complaints (empty when the file is clean).
    static func decodeErrors(_ path: String) throws -> String {
        let run = try ExternalTool.run(try #require(ffmpeg), ["-v", "error", "-i", path, "-f", "null", "-"])
        return run.succeeded ? run.stderrText : "exit \(run.status): \(run.stderrText)"
    }

    /// The decoded frames of the first video stream, counted by decoding (edit list applied).
    static func decodedVideoFrames(_ path: String) throws -> Int? {
        let run = try ExternalTool.run(
            try #require(ffprobe),
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames",
                "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path,
            ])
        try #require(run.succeeded, "\(run.summary)")
        return Int(run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The first audio stream decoded to mono 16-bit samples at its own rate (edit list applied).
    static func decodedAudio(_ path: String) throws -> [Int16] {
        let run = try ExternalTool.run(
            try #require(ffmpeg),
            [
                "-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1",
                "-f", "s16le", "-",
            ])
        try #require(run.succeeded, "\(run.summary)")
        return run.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}
