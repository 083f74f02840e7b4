import Foundation
import GlintTestSupport
import Testing

/// The real Live Photo as the command line sees it: paths relative to the package root, typed the
/// way a user would there (`../shared/fixtures/...`). ``SharedFixtures`` locates the folder; tests
/// that need it say so with `.requires(.sharedFixtures)` (or `.fixture(_:)`).
enum CLIFixtures {
    /// The iPhone 6s Live Photo, as paths relative to the package root.
    static let iphoneStill = "\(SharedFixtures.relativeToPackageRoot)/\(SharedFixtures.Name.livePhotoStill)"
    static let iphoneMovie = "\(SharedFixtures.relativeToPackageRoot)/\(SharedFixtures.Name.livePhotoMovie)"
    static let iphoneIdentifier = "E905E6C6-C747-4805-942F-9904A0281F02"

    /// Every file in a fixture folder, sorted, as the shell's `*` would list them (relative paths).
    static func glob(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.path(folder))
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { "\(SharedFixtures.relativeToPackageRoot)/\(folder)/\($0)" }
    }
}

/// Synthetic pairs made by `glint fixture`, and damaged copies of good files.
enum GeneratedInputs {
    /// Options of `glint fixture` that keep generated pairs small and quick.
    static let small = ["--still-size", "160x120", "--frame-size", "96x72", "--frames", "6"]

    /// Runs `glint fixture --out directory --name name` with `options` and returns the still and the
    /// movie it wrote.
    static func pair(
        in directory: URL, name: String, _ options: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (still: URL, movie: URL) {
        let run = try GlintProcess.run(
            ["fixture", "--out", directory.path, "--name", name] + small + options,
            sourceLocation: sourceLocation)
        try #require(run.succeeded, "glint fixture failed: \(run.summary)", sourceLocation: sourceLocation)
        return (directory.appendingPathComponent(name + ".jpg"), directory.appendingPathComponent(name + ".mov"))
    }

    /// Writes the first half of `source`.
    static func truncatedCopy(of source: URL, to destination: URL) throws {
        let bytes = try Data(contentsOf: source)
        try bytes.prefix(bytes.count / 2).write(to: destination)
    }

    /// Writes a copy of the JPEG `source` whose first SOF segment claims 65535 x 65535 pixels.
    static func hugeDimensionsCopy(of source: URL, to destination: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: source))
        let offset = try #require(startOfFrameOffset(in: bytes), "no SOF segment in \(source.path)")
        // SOFn: marker(2) length(2) precision(1) height(2) width(2)
        for index in offset + 5..<offset + 9 { bytes[index] = 0xFF }
        try Data(bytes).write(to: destination)
    }

    /// The offset of the first SOF0...SOF15 marker (not DHT, JPG or DAC), walking the segments.
    static func startOfFrameOffset(in bytes: [UInt8]) -> Int? {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return index }
            if marker == 0xDA { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            index += 2 + length
        }
        return nil
    }

    /// Writes a copy of the QuickTime movie `source` whose first `trak` inside `moov` claims a
    /// size far beyond the `moov` box.
    static func corruptMoovCopy(of source: URL, to destination: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: source))
        let moov = try #require(topLevelBox("moov", in: bytes), "no moov box in \(source.path)")
        let trak = try #require(
            childBox("trak", in: bytes, from: moov.offset + 8, to: moov.offset + moov.size),
            "no trak box in \(source.path)")
        bytes.replaceSubrange(trak..<trak + 4, with: [0x7F, 0xFF, 0xFF, 0xF0])
        try Data(bytes).write(to: destination)
    }

    /// Writes a copy of the movie `source` with entries of the first `stco` or `stsz` table in its
    /// `moov` (the video track's, in Apple's layout) replaced by `entry(index, count)` where that
    /// is not nil.
    static func moovTableCopy(
        of source: URL, to destination: URL, table: String,
        entry: (_ index: Int, _ count: Int) -> UInt32?
    ) throws {
        var bytes = [UInt8](try Data(contentsOf: source))
        let moov = try #require(topLevelBox("moov", in: bytes), "no moov box in \(source.path)")
        let type = [UInt8](table.utf8)
        let start = try #require(
            (moov.offset..<moov.offset + moov.size - 4).first { bytes[$0..<$0 + 4].elementsEqual(type) },
            "no \(table) in the moov of \(source.path)")
        // box type(4) version+flags(4) [stsz: uniform size(4)] count(4) entries(4 each)
        var cursor = start + 8
        if table == "stsz" { cursor += 4 }
        let count = bytes[cursor..<cursor + 4].reduce(0) { $0 << 8 | Int($1) }
        cursor += 4
        for index in 0..<count {
            guard let value = entry(index, count) else { continue }
            let at = cursor + 4 * index
            bytes.replaceSubrange(at..<at + 4, with: withUnsafeBytes(of: value.bigEndian, Array.init))
        }
        try Data(bytes).write(to: destination)
    }

    static func topLevelBox(_ type: String, in bytes: [UInt8]) -> (offset: Int, size: Int)? {
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1, offset + 16 <= bytes.count {
                size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8 else { return nil }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type { return (offset, size) }
            offset += size
        }
        return nil
    }

    static func childBox(_ type: String, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var offset = start
        while offset + 8 <= min(end, bytes.count) {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type { return offset }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }
}

/// exiftool, ffprobe and ffmpeg, when installed.
enum MediaTools {
    static let exiftool = ExternalTool.find("exiftool")
    static let ffprobe = ExternalTool.find("ffprobe")
    static let ffmpeg = ExternalTool.find("ffmpeg")

    /// `exiftool -j -a -G1 -ee file`: the tags of one file, keyed `Group:Tag`.
    static func tags(_ file: URL) throws -> [String: Any] {
        let tool = try #require(exiftool)
        let run = try ExternalTool.run(tool, ["-j", "-a", "-G1", "-ee", file.path])
        try #require(run.succeeded, "\(run.summary)")
        let array = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        return try #require(array.first)
    }

    /// The value of the first tag named `name` in any group (`-G1` keys look like `Group:Name`).
    static func value(_ name: String, in tags: [String: Any]) -> Any? {
        tags.first { $0.key == name || $0.key.hasSuffix(":" + name) }?.value
    }

    /// The number of video frames ffprobe counts by decoding.
    static func videoFrameCount(_ file: URL) throws -> Int? {
        let tool = try #require(ffprobe)
        let run = try ExternalTool.run(
            tool,
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames",
                "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file.path,
            ])
        try #require(run.succeeded, "\(run.summary)")
        // A rotated stream adds an (empty) side-data column: "12,\n\n".
        return run.stdoutText.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) }
    }

    /// The audio packets of `file`, copied out unchanged.
    static func audioPackets(_ file: URL) throws -> Data {
        let tool = try #require(ffmpeg)
        let run = try ExternalTool.run(tool, ["-v", "error", "-i", file.path, "-map", "0:a", "-c", "copy", "-f", "data", "-"])
        try #require(run.succeeded, "\(run.summary)")
        return run.stdout
    }
}
