import Foundation

/// When and where a photo or movie was taken, from outside the file (a Google Takeout sidecar):
/// what ``CaptureFactsWriter`` gives a file that lacks it.
public struct CaptureFacts: Sendable, Equatable, Codable {
    /// A place on Earth, in decimal degrees (WGS 84) and metres above sea level.
    public struct Location: Sendable, Equatable, Codable {
        public var latitude: Double
        public var longitude: Double
        public var altitude: Double?

        /// A location, or nil outside the valid ranges or at (0, 0), which Takeout writes for "none".
        public init?(latitude: Double, longitude: Double, altitude: Double? = nil) {
            guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
                latitude != 0 || longitude != 0
            else { return nil }
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude.flatMap { $0.isFinite && abs($0) < 100_000 ? $0 : nil }
        }

        /// As ISO 6709 (`+48.8584+002.2945+035.000/`), the form of `com.apple.quicktime.location.ISO6709`.
        public var iso6709: String {
            var text = String(format: "%+08.4f%+09.4f", latitude, longitude)
            if let altitude { text += String(format: "%+08.3f", altitude) }
            return text + "/"
        }
    }

    /// The moment of capture (an instant: Takeout gives seconds since 1970, UTC).
    public var date: Date?
    public var location: Location?

    public init(date: Date? = nil, location: Location? = nil) {
        self.date = date
        self.location = location
    }

    /// Whether there is nothing to give.
    public var isEmpty: Bool { date == nil && location == nil }

    /// The date as EXIF writes it (`2023:06:01 12:34:56`), in UTC.
    var exifDate: String? {
        date.map { Self.utcFormat("yyyy:MM:dd HH:mm:ss").string(from: $0) }
    }

    /// The date as ISO 8601 in UTC (`2023-06-01T12:34:56Z`), the form of `com.apple.quicktime.creationdate`.
    public var iso8601Date: String? {
        date.map { Self.utcFormat("yyyy-MM-dd'T'HH:mm:ss'Z'").string(from: $0) }
    }

    private static func utcFormat(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
