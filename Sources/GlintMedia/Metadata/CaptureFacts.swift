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
        date.flatMap { Self.utc($0, date: ":", between: " ", after: "") }
    }

    /// The date as ISO 8601 in UTC (`2023-06-01T12:34:56Z`), the form of `com.apple.quicktime.creationdate`.
    public var iso8601Date: String? {
        date.flatMap { Self.utc($0, date: "-", between: "T", after: "Z") }
    }

    /// `date`'s UTC calendar fields, whole seconds, as `YYYY<d>MM<d>DD<between>hh:mm:ss<after>`;
    /// nil outside years 0 to 9999. Formatted by hand from `gmtime_r`: a `DateFormatter` made per
    /// date cost more than the rest of giving a photo its sidecar's facts.
    static func utc(_ date: Date, date separator: String, between: String, after: String) -> String? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        var time = time_t(seconds)
        var fields = tm()
        guard gmtime_r(&time, &fields) != nil, (-1900...8099).contains(fields.tm_year) else { return nil }
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(fields.tm_year + 1900, 4) + separator + padded(fields.tm_mon + 1, 2) + separator + padded(fields.tm_mday, 2) + between
            + padded(fields.tm_hour, 2) + ":" + padded(fields.tm_min, 2) + ":" + padded(fields.tm_sec, 2) + after
    }
}
