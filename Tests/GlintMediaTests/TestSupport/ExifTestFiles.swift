import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// The small JPEG and exiftool chores the EXIF tests need. (A general JPEG segment module lives
/// elsewhere; this only swaps the EXIF segment.)
enum ExifTestFiles {
    /// The exiftool executable, if one is on `PATH`.
    static let exiftool = ExternalTool.find("exiftool")

    /// The identifier Apple wrote into the real iPhone 6s still.
    static let realStillIdentifier = "E905E6C6-C747-4805-942F-9904A0281F02"

    /// The real Live Photo still from an iPhone 6s.
    static func realStill() throws -> [UInt8] {
        try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)
    }

    /// A JPEG marker segment: marker byte and the range of its whole bytes (from 0xFF).
    struct Segment {
        var marker: UInt8
        var range: Range<Int>
        /// The payload after the two-byte length.
        var payload: Range<Int> { (range.lowerBound + 4)..<range.upperBound }
    }

    /// The marker segments between SOI and SOS.
    static func headerSegments(of jpeg: [UInt8]) -> [Segment] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return [] }
        var segments: [Segment] = []
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            let marker = jpeg[position + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            guard length >= 2, position + 2 + length <= jpeg.count else { break }
            segments.append(Segment(marker: marker, range: position..<(position + 2 + length)))
            position += 2 + length
        }
        return segments
    }

    /// Whether `segment` is an APP1 `Exif` segment of `jpeg`.
    static func isExif(_ segment: Segment, in jpeg: [UInt8]) -> Bool {
        segment.marker == 0xE1 && jpeg[segment.payload].starts(with: ExifMetadata.app1Header)
    }

    /// The TIFF bytes of the first APP1 `Exif` segment.
    static func exifTIFF(of jpeg: [UInt8]) -> [UInt8]? {
        guard let segment = headerSegments(of: jpeg).first(where: { isExif($0, in: jpeg) }) else { return nil }
        return Array(jpeg[segment.payload].dropFirst(ExifMetadata.app1Header.count))
    }

    /// `jpeg` without its APP1 `Exif` segments.
    static func strippingExif(from jpeg: [UInt8]) -> [UInt8] {
        var output = jpeg
        for segment in headerSegments(of: jpeg).reversed() where isExif(segment, in: jpeg) {
            output.removeSubrange(segment.range)
        }
        return output
    }

    /// `jpeg` with its EXIF replaced by `tiff`: the new APP1 takes the old one's place, or goes
    /// right after SOI (after a leading JFIF APP0) when there was none.
    static func replacingExif(in jpeg: [UInt8], with tiff: [UInt8]) -> [UInt8] {
        let payload = ExifMetadata.app1Header + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        let segments = headerSegments(of: jpeg)
        if let old = segments.first(where: { isExif($0, in: jpeg) }) {
            var output = jpeg
            output.replaceSubrange(old.range, with: segment)
            return output
        }
        let insertAt = segments.first?.marker == 0xE0 ? segments[0].range.upperBound : 2
        var output = jpeg
        output.insert(contentsOf: segment, at: insertAt)
        return output
    }

    /// Writes `jpeg` to a temporary file, runs `exiftool -j -G1 -a` on it and returns its tags.
    static func exiftoolTags(ofJPEG jpeg: [UInt8], name: String = "still.jpg") throws -> [String: Any] {
        let executable = try #require(exiftool, "exiftool is not installed")
        let directory = try TemporaryDirectory("glint-exif")
        defer { directory.remove() }
        let file = directory.file(name)
        try Data(jpeg).write(to: file)

        let run = try ExternalTool.run(executable, ["-j", "-G1", "-a", file.path])
        let array = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        return try #require(array.first)
    }

    /// The Apple content identifier as exiftool names it (`ContentIdentifier` in newer
    /// versions, `MediaGroupUUID` in 12.19-12.65).
    static func identifier(in tags: [String: Any]) -> String? {
        (tags["Apple:ContentIdentifier"] ?? tags["Apple:MediaGroupUUID"]) as? String
    }
}
