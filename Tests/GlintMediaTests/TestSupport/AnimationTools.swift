import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// ffmpeg, gifsicle, webpmux and dwebp as independent readers of the animations the encoders write.
enum AnimationTools {
    /// Runs `tool` and requires success.
    static func run(_ tool: String, _ arguments: [String]) throws -> ProcessOutcome {
        let executable = try #require(ExternalTool.find(tool), "\(tool) is not installed")
        let outcome = try ExternalTool.run(executable, arguments)
        try #require(outcome.succeeded, "\(outcome.summary)")
        return outcome
    }

    /// Every frame of an animation as ffmpeg decodes and composites it.
    static func ffmpegFrames(_ path: String, width: Int, height: Int) throws -> [RGBImage] {
        let bytes = [UInt8](
            try run(
                "ffmpeg",
                [
                    "-v", "error", "-i", path, "-fps_mode", "passthrough",
                    "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
                ]
            ).stdout)
        let size = width * height * 3
        try #require(bytes.count % size == 0, "ffmpeg gave \(bytes.count) bytes")
        return stride(from: 0, to: bytes.count, by: size).map { RGBImage(width: width, height: height, pixels: Array(bytes[$0..<($0 + size)])) }
    }

    /// gifsicle's `--info` text.
    static func gifsicleInfo(_ path: String) throws -> String {
        try run("gifsicle", ["--info", path]).stdoutText
    }

    /// The delays (seconds) gifsicle lists.
    static func gifDelays(_ info: String) -> [Double] {
        info.components(separatedBy: "delay ").dropFirst().compactMap { Double($0.prefix { $0.isNumber || $0 == "." }) }
    }

    /// webpmux's `-info` text.
    static func webpmuxInfo(_ path: String) throws -> String {
        try run("webpmux", ["-info", path]).stdoutText
    }

    /// The frame durations (seconds) webpmux lists.
    static func webpDurations(_ info: String) -> [Double] {
        var column: Int?
        var durations: [Double] = []
        for line in info.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            if fields.first == "No.:" { column = fields.firstIndex(of: "duration") }
            if let column, let first = fields.first, first.hasSuffix(":"), Int(first.dropLast()) != nil, column < fields.count,
                let ms = Double(fields[column])
            {
                durations.append(ms / 1000)
            }
        }
        return durations
    }

    /// Frame `number` (1-based) of an animated WebP, decoded by dwebp (as stored: a key frame is
    /// the whole canvas).
    static func webpFrame(_ path: String, number: Int, in directory: TemporaryDirectory) throws -> RGBImage {
        let still = directory.file("frame\(number).webp").path
        let ppm = directory.file("frame\(number).ppm").path
        _ = try run("webpmux", ["-get", "frame", "\(number)", path, "-o", still])
        _ = try run("dwebp", ["-quiet", still, "-ppm", "-o", ppm])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ppm)))
        // "P6\nW H\n255\n" then RGB.
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            var token = ""
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A) {
                token.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            index += 1
            if !token.isEmpty { fields.append(token) }
        }
        let width = try #require(Int(fields[1]))
        let height = try #require(Int(fields[2]))
        return RGBImage(width: width, height: height, pixels: Array(bytes[index..<(index + width * height * 3)]))
    }

    /// The mean of a 4x4 box around each pixel's block, channel by channel: what the eye sees of
    /// a dithered picture.
    static func blurred(_ image: RGBImage) -> [Double] {
        var out: [Double] = []
        for y in stride(from: 0, to: image.height - 3, by: 4) {
            for x in stride(from: 0, to: image.width - 3, by: 4) {
                for c in 0..<3 {
                    var total = 0
                    for dy in 0..<4 { for dx in 0..<4 { total += Int(image.pixels[((y + dy) * image.width + x + dx) * 3 + c]) } }
                    out.append(Double(total) / 16)
                }
            }
        }
        return out
    }
}
