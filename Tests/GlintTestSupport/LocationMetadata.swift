import Foundation

/// What `exiftool` finds of where a file was recorded: the tests that prove a file carries no
/// location ask a reader that is not Glint's own. Needs `.requires(.exiftool)`.
public enum LocationMetadata {
    /// The tag names that say where: EXIF's GPS IFD (coordinates, altitude, direction, GPS time),
    /// XMP's `exif:GPS*`, Photoshop's city, state and country, IPTC's locations, QuickTime's
    /// `GPSCoordinates` (`©xyz`, `com.apple.quicktime.location.ISO6709`) and `Location*` keys, and
    /// exiftool's composite GPS tags.
    static let pattern = try! NSRegularExpression(
        pattern: #"^\[[^\]]+\]\s+(GPS\w*|Location\w*|City|State|Province\w*|Country\w*|Sub-?location\w*)\s*:"#)

    /// Every location tag `exiftool -a -G1 -s -ee3` reports for the file at `path` (embedded
    /// streams included), as `[Group] Name`, values left out.
    /// - Throws: When `exiftool` is missing or fails.
    public static func tags(in path: String) throws -> [String] {
        try lines(of: path).compactMap { line in
            let range = NSRange(line.startIndex..., in: line)
            guard let match = pattern.firstMatch(in: line, range: range), let name = Range(match.range(at: 1), in: line) else { return nil }
            return "\(line.prefix { $0 != "]" })] \(line[name])"
        }
    }

    /// The value of the first tag called `name` (`Orientation`, `ContentIdentifier`), if `exiftool` finds one.
    public static func value(of name: String, in path: String) throws -> String? {
        for line in try lines(of: path) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].split(separator: " ").last.map(String.init) == name else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// A Motion Photo's video, written next to `path`; nil when there is none. A HEIC's `mpvd` box
    /// is what `exiftool -b -MotionPhotoVideo` extracts; a JPEG's video is the trailing bytes its
    /// XMP `Container:Directory` gives the length of (what exiftool 12.57 does not extract).
    public static func motionPhotoVideo(of path: String) throws -> String? {
        let video = path + ".video.mp4"
        let extracted = try ExternalTool.run(try tool(), ["-b", "-MotionPhotoVideo", path])
        if extracted.status == 0, !extracted.stdout.isEmpty {
            try extracted.stdout.write(to: URL(fileURLWithPath: video))
            return video
        }
        let listed = try ExternalTool.run(try tool(), ["-j", "-struct", "-XMP-Container:Directory", path])
        let files = try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]]
        let items = (files?.first?["Directory"] as? [[String: Any]] ?? []).compactMap { $0["Item"] as? [String: Any] }
        guard let length = items.first(where: { $0["Semantic"] as? String == "MotionPhoto" })?["Length"] as? Int, length > 0 else { return nil }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        guard length <= bytes.count else { return nil }
        try bytes.suffix(length).write(to: URL(fileURLWithPath: video))
        return video
    }

    /// The files of the zip at `path`, extracted with `unzip` into a folder beside it. Needs
    /// `.requires(.tool("unzip"))`.
    public static func unzip(_ path: String) throws -> [String] {
        guard let unzip = ExternalTool.find("unzip") else { throw ExifToolFailure(message: "unzip is not on PATH") }
        let folder = URL(fileURLWithPath: path + ".unzipped")
        let outcome = try ExternalTool.run(unzip, ["-q", "-o", path, "-d", folder.path])
        guard outcome.status == 0 else {
            throw ExifToolFailure(message: "\(outcome.commandLine): \(String(decoding: outcome.stderr, as: UTF8.self))")
        }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
    }

    static func lines(of path: String) throws -> [String] {
        let outcome = try ExternalTool.run(try tool(), ["-a", "-G1", "-s", "-ee3", "-api", "LargeFileSupport=1", path])
        guard outcome.status == 0 else {
            throw ExifToolFailure(message: "\(outcome.commandLine): \(String(decoding: outcome.stderr, as: UTF8.self))")
        }
        return String(decoding: outcome.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func tool() throws -> URL {
        guard let tool = ExternalTool.find("exiftool") else { throw ExifToolFailure(message: "exiftool is not on PATH") }
        return tool
    }

    /// `exiftool` (or `unzip`) is missing or failed.
    public struct ExifToolFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
