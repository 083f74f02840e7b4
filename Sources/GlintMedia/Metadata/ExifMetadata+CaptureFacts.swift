import Foundation

/// What a still's EXIF says of its capture, in the forms a QuickTime movie's keys take
/// (`com.apple.quicktime.make`, `.model`, `.creationdate`, `.location.ISO6709`): for a movie made
/// from a photo's embedded video, which carries none of it.
extension ExifMetadata {
    /// EXIF tags read here (Exif IFD and GPS IFD).
    enum CaptureTag {
        static let dateTimeOriginal: UInt16 = 0x9003
        static let offsetTimeOriginal: UInt16 = 0x9011
        static let gpsLatitudeRef: UInt16 = 0x0001
        static let gpsLatitude: UInt16 = 0x0002
        static let gpsLongitudeRef: UInt16 = 0x0003
        static let gpsLongitude: UInt16 = 0x0004
        static let gpsAltitudeRef: UInt16 = 0x0005
        static let gpsAltitude: UInt16 = 0x0006
    }

    /// The camera's maker (IFD0 `Make`), trimmed.
    public var make: String? { ifd0[ExifTag.make]?.string.map(Self.trimmed).flatMap(Self.nonEmpty) }

    /// The camera's model (IFD0 `Model`), trimmed.
    public var model: String? { ifd0[ExifTag.model]?.string.map(Self.trimmed).flatMap(Self.nonEmpty) }

    /// `DateTimeOriginal` as ISO 8601 (`2023-06-01T12:34:56+02:00`), with `OffsetTimeOriginal`
    /// when given, else without a zone.
    public var captureDateISO8601: String? {
        guard let text = exif?[CaptureTag.dateTimeOriginal]?.string, text.count >= 19 else { return nil }
        let characters = Array(text.prefix(19))
        // "YYYY:MM:DD HH:MM:SS"
        guard characters[4] == ":", characters[7] == ":", characters[10] == " ", characters[13] == ":", characters[16] == ":" else { return nil }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digits.allSatisfy({ characters[$0].isASCII && characters[$0].isNumber }) else { return nil }
        var date = String(characters[0..<4]) + "-" + String(characters[5..<7]) + "-" + String(characters[8..<10])
        date += "T" + String(characters[11..<19])
        if let offset = exif?[CaptureTag.offsetTimeOriginal]?.string, offset.count == 6, offset.first == "+" || offset.first == "-" {
            date += offset
        }
        return date
    }

    /// The GPS position as ISO 6709 (`+48.8584+002.2945+035.000/`), as iPhones write
    /// `com.apple.quicktime.location.ISO6709`; nil without latitude and longitude.
    public var locationISO6709: String? {
        guard let gps, let latitude = degrees(gps[CaptureTag.gpsLatitude]), let longitude = degrees(gps[CaptureTag.gpsLongitude]) else {
            return nil
        }
        let south = gps[CaptureTag.gpsLatitudeRef]?.string?.uppercased() == "S"
        let west = gps[CaptureTag.gpsLongitudeRef]?.string?.uppercased() == "W"
        var text = String(format: "%+08.4f%+09.4f", south ? -latitude : latitude, west ? -longitude : longitude)
        if let altitude = rationals(gps[CaptureTag.gpsAltitude])?.first {
            let below = gps[CaptureTag.gpsAltitudeRef]?.integers(byteOrder: byteOrder)?.first == 1
            text += String(format: "%+08.3f", below ? -altitude : altitude)
        }
        return text + "/"
    }

    /// Degrees, minutes and seconds (three RATIONALs) as decimal degrees.
    private func degrees(_ entry: TIFFEntry?) -> Double? {
        guard let parts = rationals(entry), parts.count == 3 else { return nil }
        let value = parts[0] + parts[1] / 60 + parts[2] / 3600
        return value.isFinite ? value : nil
    }

    /// An unsigned RATIONAL entry's values; nil for another type, a short value or a zero denominator.
    private func rationals(_ entry: TIFFEntry?) -> [Double]? {
        guard let entry, entry.type == .rational else { return nil }
        return entry.doubles(byteOrder: byteOrder)
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}

/// Gives an EXIF block the capture facts it lacks.
extension ExifMetadata {
    /// More EXIF tags written here.
    private enum FillTag {
        static let createDate: UInt16 = 0x9004
        static let offsetTimeDigitized: UInt16 = 0x9012
        static let gpsVersionID: UInt16 = 0x0000
    }

    /// Whether the block has a capture date (`DateTimeOriginal`).
    public var hasCaptureDate: Bool { exif?[CaptureTag.dateTimeOriginal] != nil }

    /// Whether the block has a position (GPS latitude and longitude).
    public var hasLocation: Bool { gps?[CaptureTag.gpsLatitude] != nil && gps?[CaptureTag.gpsLongitude] != nil }

    /// Writes what `facts` has and the block lacks: `DateTimeOriginal` and `CreateDate` in UTC
    /// with `OffsetTimeOriginal` `+00:00`; a GPS directory with latitude, longitude and altitude.
    /// - Returns: What was written (`"date"`, `"location"`).
    @discardableResult
    public mutating func fill(_ facts: CaptureFacts) -> [String] {
        var written: [String] = []
        if !hasCaptureDate, let date = facts.exifDate {
            var directory = exif ?? TIFFDirectory()
            directory.set(.ascii(tag: CaptureTag.dateTimeOriginal, date))
            if directory[FillTag.createDate] == nil { directory.set(.ascii(tag: FillTag.createDate, date)) }
            directory.set(.ascii(tag: CaptureTag.offsetTimeOriginal, "+00:00"))
            if directory[FillTag.offsetTimeDigitized] == nil { directory.set(.ascii(tag: FillTag.offsetTimeDigitized, "+00:00")) }
            exif = directory
            written.append("date")
        }
        if !hasLocation, let location = facts.location {
            gps = gpsDirectory(location)
            written.append("location")
        }
        return written
    }

    private func gpsDirectory(_ location: CaptureFacts.Location) -> TIFFDirectory {
        var directory = TIFFDirectory()
        directory.set(TIFFEntry(tag: FillTag.gpsVersionID, type: .byte, count: 4, value: [2, 3, 0, 0]))
        directory.set(.ascii(tag: CaptureTag.gpsLatitudeRef, location.latitude < 0 ? "S" : "N"))
        directory.set(rationals(CaptureTag.gpsLatitude, Self.sexagesimal(abs(location.latitude))))
        directory.set(.ascii(tag: CaptureTag.gpsLongitudeRef, location.longitude < 0 ? "W" : "E"))
        directory.set(rationals(CaptureTag.gpsLongitude, Self.sexagesimal(abs(location.longitude))))
        if let altitude = location.altitude {
            directory.set(TIFFEntry(tag: CaptureTag.gpsAltitudeRef, type: .byte, count: 1, value: [altitude < 0 ? 1 : 0]))
            directory.set(rationals(CaptureTag.gpsAltitude, [(UInt32((abs(altitude) * 1000).rounded()), 1000)]))
        }
        return directory
    }

    /// Degrees, minutes and seconds (to 1/10000 s) of `degrees`.
    private static func sexagesimal(_ degrees: Double) -> [(UInt32, UInt32)] {
        let totalSeconds = (degrees * 3600 * 10_000).rounded()
        let whole = UInt64(totalSeconds)
        let tenThousandths = whole % (60 * 10_000)
        let minutes = (whole / (60 * 10_000)) % 60
        let wholeDegrees = whole / (3600 * 10_000)
        return [(UInt32(wholeDegrees), 1), (UInt32(minutes), 1), (UInt32(tenThousandths), 10_000)]
    }

    private func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> TIFFEntry {
        TIFFEntry(tag: tag, type: .rational, count: UInt32(values.count), value: values.flatMap { byteOrder.bytes($0.0) + byteOrder.bytes($0.1) })
    }
}
