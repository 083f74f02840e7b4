import Foundation
import Testing

@testable import GlintMedia

/// The dates a sidecar gives, as EXIF and QuickTime write them: checked against Foundation's own
/// formatter, which the hand-made one replaced.
@Suite("Capture facts: dates in EXIF and ISO 8601 form", .suiteTimeLimit)
struct CaptureFactsDateTests {
    static func reference(_ format: String, _ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    @Test("known instants, before 1970, at a leap day, and with a fraction of a second (dropped)")
    func knownInstants() {
        let cases: [(TimeInterval, String, String)] = [
            (1_685_595_600, "2023:06:01 05:00:00", "2023-06-01T05:00:00Z"),
            (0, "1970:01:01 00:00:00", "1970-01-01T00:00:00Z"),
            (-1, "1969:12:31 23:59:59", "1969-12-31T23:59:59Z"),
            (951_782_400.999, "2000:02:29 00:00:00", "2000-02-29T00:00:00Z"),
            (-62_135_596_800, "0001:01:01 00:00:00", "0001-01-01T00:00:00Z"),
            (253_402_300_799, "9999:12:31 23:59:59", "9999-12-31T23:59:59Z"),
        ]
        for (seconds, exif, iso) in cases {
            let facts = CaptureFacts(date: Date(timeIntervalSince1970: seconds))
            #expect(facts.exifDate == exif, "\(seconds)")
            #expect(facts.iso8601Date == iso, "\(seconds)")
        }
    }

    @Test("the same as DateFormatter for 2,000 instants between 1900 and 2100")
    func matchesDateFormatter() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...4_102_444_800, using: &generator).rounded(.down))
            let facts = CaptureFacts(date: date)
            #expect(facts.exifDate == Self.reference("yyyy:MM:dd HH:mm:ss", date))
            #expect(facts.iso8601Date == Self.reference("yyyy-MM-dd'T'HH:mm:ss'Z'", date))
        }
    }

    @Test("no date, or one past year 9999 or not finite, gives nothing to write")
    func outOfRange() {
        #expect(CaptureFacts().exifDate == nil)
        for seconds in [253_402_300_800, 1e300, -1e300, .infinity, .nan] as [TimeInterval] {
            #expect(CaptureFacts(date: Date(timeIntervalSince1970: seconds)).exifDate == nil, "\(seconds)")
        }
    }
}
