import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Reads animated outputs back with independent tools: ffmpeg/ffprobe (frames and timings of
/// GIF, MP4), gifsicle (GIF loop flag and delays) and webpmux (WebP frames, durations, loops).
enum AnimationProbe {
    /// Runs `tool` and requires success.
    static func run(_ tool: String, _ arguments: [String]) throws -> ProcessOutcome {
        let executable = try #require(ExternalTool.find(tool), "\(tool) is not installed")
        let outcome = try ExternalTool.run(executable, arguments)
        try #require(outcome.succeeded, "\(outcome.summary)")
        return outcome
    }

    /// Every frame of `path` as decoded (and composited) by ffmpeg, at its own size.
    static func decodedFrames(_ path: String, width: Int, height: Int) throws -> [RGBImage] {
        let outcome = try run(
            "ffmpeg",
            [
                "-v", "error", "-i", path, "-fps_mode", "passthrough",
                "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
            ])
        let bytes = [UInt8](outcome.stdout)
        let size = width * height * 3
        try #require(bytes.count % size == 0, "ffmpeg gave \(bytes.count) bytes, not a whole number of \(width)x\(height) frames")
        return stride(from: 0, to: bytes.count, by: size).map {
            RGBImage(width: width, height: height, pixels: Array(bytes[$0..<($0 + size)]))
        }
    }

    /// The video stream's frame durations in seconds, as ffprobe reads them.
    static func ffprobeFrameDurations(_ path: String) throws -> [Double] {
        let outcome = try run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pkt_duration_time",
                "-of", "csv=p=0", path,
            ])
        return outcome.stdoutText.split(whereSeparator: \.isNewline).compactMap {
            Double($0.split(separator: ",").first.map(String.init) ?? "")
        }
    }

    /// The video stream's frame presentation times in seconds, as ffprobe reads them.
    static func ffprobeFrameTimes(_ path: String) throws -> [Double] {
        let outcome = try run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                "-of", "csv=p=0", path,
            ])
        return outcome.stdoutText.split(whereSeparator: \.isNewline).compactMap {
            Double($0.split(separator: ",").first.map(String.init) ?? "")
        }
    }

    /// What gifsicle says about a GIF.
    struct GIFInfo {
        var frameCount: Int
        var loopsForever: Bool
        var delays: [Double]
        var width: Int
        var height: Int
    }

    static func gifsicleInfo(_ path: String) throws -> GIFInfo {
        let text = try run("gifsicle", ["--info", path]).stdoutText
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        var info = GIFInfo(frameCount: 0, loopsForever: false, delays: [], width: 0, height: 0)
        for line in lines {
            if line.contains("logical screen") {
                let size = line.split(separator: " ").last { $0.contains("x") }?.split(separator: "x").compactMap { Int($0) } ?? []
                if size.count == 2 { (info.width, info.height) = (size[0], size[1]) }
            }
            if line.contains("loop forever") { info.loopsForever = true }
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("+ image #") { info.frameCount += 1 }
            if let range = line.range(of: "delay ") {
                let value = line[range.upperBound...].prefix { $0.isNumber || $0 == "." }
                if let seconds = Double(value) { info.delays.append(seconds) }
            }
        }
        return info
    }

    /// What webpmux says about an animated WebP.
    struct WebPInfo {
        var width: Int
        var height: Int
        var loopCount: Int?
        var durations: [Double]
    }

    static func webpmuxInfo(_ path: String) throws -> WebPInfo {
        let text = try run("webpmux", ["-info", path]).stdoutText
        var info = WebPInfo(width: 0, height: 0, loopCount: nil, durations: [])
        var durationColumn: Int?
        for line in text.split(whereSeparator: \.isNewline).map(String.init) {
            if line.hasPrefix("Canvas size:") {
                let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                if numbers.count >= 2 { (info.width, info.height) = (numbers[0], numbers[1]) }
            }
            if let range = line.range(of: "Loop Count") {
                info.loopCount = line[range.upperBound...].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.first
            }
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            if fields.first == "No.:" { durationColumn = fields.firstIndex(of: "duration") }
            if let column = durationColumn, let first = fields.first, first.hasSuffix(":"), Int(first.dropLast()) != nil,
                column < fields.count, let ms = Double(fields[column])
            {
                info.durations.append(ms / 1000)
            }
        }
        return info
    }

    /// Files in `directory`, hidden ones included (left-over temporary files show up here).
    static func contents(of directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }
}
