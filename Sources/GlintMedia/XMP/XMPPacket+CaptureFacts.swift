import Foundation

extension XMPPacket {
    /// Whether the packet holds a capture date (`exif:DateTimeOriginal`, `photoshop:DateCreated`
    /// or `xmp:CreateDate`).
    var hasCaptureDate: Bool {
        has(.exif, "DateTimeOriginal") || has(.photoshop, "DateCreated") || has(.xmp, "CreateDate")
    }

    /// Sets what `facts` has and the packet lacks: `exif:DateTimeOriginal` (UTC), and the
    /// `exif:GPS*` position (coordinates as XMP writes them, `DDD,MM.mmmmmmK`).
    /// - Returns: What was written (`"date"`, `"location"`).
    func fill(_ facts: CaptureFacts) throws -> [String] {
        var written: [String] = []
        if !hasCaptureDate, let date = facts.date, let text = CaptureFacts.utc(date, date: "-", between: "T", after: "+00:00") {
            try set(.exif, "DateTimeOriginal", text)
            written.append("date")
        }
        if !hasLocation, let location = facts.location {
            try set(.exif, "GPSVersionID", "2.3.0.0")
            try set(.exif, "GPSLatitude", Self.coordinate(location.latitude, positive: "N", negative: "S"))
            try set(.exif, "GPSLongitude", Self.coordinate(location.longitude, positive: "E", negative: "W"))
            if let altitude = location.altitude {
                try set(.exif, "GPSAltitudeRef", altitude < 0 ? "1" : "0")
                try set(.exif, "GPSAltitude", "\(Int((abs(altitude) * 1000).rounded()))/1000")
            }
            written.append("location")
        }
        return written
    }

    /// A coordinate as XMP's GPSCoordinate: whole degrees, decimal minutes, and the direction.
    static func coordinate(_ value: Double, positive: String, negative: String) -> String {
        let magnitude = abs(value)
        let degrees = magnitude.rounded(.down)
        return String(format: "%d,%.6f", Int(degrees), (magnitude - degrees) * 60) + (value < 0 ? negative : positive)
    }
}
