import Foundation
import GlintMedia

/// A Google Takeout `.json` sidecar: what Google Photos knew of a photo or video that the file
/// itself may lack (layouts in `docs/motion-photo-layouts.md` §5).
///
/// - `photoTakenTime.timestamp`: seconds since 1970, UTC, as a string (a number is taken too);
/// - `geoData` (perhaps corrected by the user), else `geoDataExif` (as shot); `(0, 0)` is none;
/// - `title`: the file's name when it was uploaded.
public struct TakeoutSidecar: Sendable, Equatable, Codable {
    /// The sidecar's path.
    public var path: String
    /// The name the file had when uploaded.
    public var title: String?
    /// The capture date and place it gives.
    public var facts: CaptureFacts

    /// The largest sidecar read (they are about 1 KB).
    public static let maximumBytes = 1 << 20

    /// Reads the sidecar at `path`.
    /// - Throws: ``MediaError`` naming it: `.tooLarge` past ``maximumBytes``, `.corrupt` for JSON
    ///   that is not a Takeout sidecar.
    public init(path: String) throws {
        let file = try RandomAccessFile(path: path)
        let bytes = try file.readAll(limit: Int64(Self.maximumBytes))
        try self.init(path: path, json: Data(bytes))
    }

    /// The sidecar `json`, read from `path`.
    public init(path: String, json: Data) throws {
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: json)
        } catch {
            throw MediaError(.corrupt, file: path, "not a Google Takeout sidecar: \(Self.reason(error))")
        }
        self.path = path
        title = raw.title
        let seconds = raw.photoTakenTime?.timestamp.flatMap { $0 > 0 && $0 < 32_503_680_000 ? $0 : nil }
        facts = CaptureFacts(
            date: seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            location: raw.geoData?.location ?? raw.geoDataExif?.location)
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context):
            context.debugDescription
        default: "unreadable JSON"
        }
    }

    /// The fields read; the others are ignored.
    private struct Raw: Decodable {
        var title: String?
        var photoTakenTime: Time?
        var geoData: Geo?
        var geoDataExif: Geo?
    }

    private struct Time: Decodable {
        var timestamp: Int64?

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .timestamp) {
                timestamp = Int64(text.trimmingCharacters(in: .whitespaces))
            } else {
                timestamp = try? container.decode(Int64.self, forKey: .timestamp)
            }
        }

        enum CodingKeys: String, CodingKey { case timestamp }
    }

    private struct Geo: Decodable {
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?

        var location: CaptureFacts.Location? {
            guard let latitude, let longitude else { return nil }
            return CaptureFacts.Location(latitude: latitude, longitude: longitude, altitude: altitude)
        }
    }
}
