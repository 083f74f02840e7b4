import Foundation
import GlintMedia
import Testing

@testable import GlintLivePhoto

/// Takeout's sidecar names (`docs/motion-photo-layouts.md` §5), and what is read from them.
@Suite("Google Takeout sidecars", .suiteTimeLimit)
struct TakeoutSidecarTests {
    /// The sidecar `TakeoutSidecars` finds for `media` when the folder holds `sidecars`.
    func match(_ media: String, among sidecars: [String]) -> String? {
        TakeoutSidecars(sidecars.map { "/t/" + $0 }).sidecar(for: "/t/" + media).map { ($0 as NSString).lastPathComponent }
    }

    @Test(
        "each way Takeout names a sidecar is matched",
        arguments: [
            ("IMG_1.jpg", "IMG_1.jpg.json"),
            ("IMG_1.jpg", "IMG_1.jpg.supplemental-metadata.json"),
            ("IMG_1(1).jpg", "IMG_1.jpg(1).json"),
            ("IMG_1(1).jpg", "IMG_1.jpg.supplemental-metadata(1).json"),
            ("skytree (2).jpg", "skytree (2).jpg.supplemental-metadata.json"),
            ("IMG_1-edited.jpg", "IMG_1.jpg.json"),
            ("IMG_1-bearbeitet(1).jpg", "IMG_1.jpg(1).json"),
            ("IMG_1.mp4", "IMG_1.json"),
            // Clipped to 46 characters before ".json".
            ("PXL_20230518_123456789.MP.jpg", "PXL_20230518_123456789.MP.jpg.supplemental-met.json"),
            ("Screenshot_20231224-101010_Photos.png", "Screenshot_20231224-101010_Photos.png.suppleme.json"),
            ("original_0123456789abcdef0123456789ab_P.jpg", "original_0123456789abcdef0123456789ab_P.jpg.su.json"),
            ("a45characternameforthetakeouttestabcdefgh.jpg", "a45characternameforthetakeouttestabcdefgh.jpg..json"),
            ("a_very_long_name_that_takeout_clips_far_too_early_1.jpg", "a_very_long_name_that_takeout_clips_far_too_ea.json"),
            ("PXL_20230518_123456789.MP(1).jpg", "PXL_20230518_123456789.MP.jpg.supplemental-met(1).json"),
            // A clip at 47 or 51 characters (reported by some), found by the prefix rule.
            ("PXL_20230518_123456789.MP.jpg", "PXL_20230518_123456789.MP.jpg.supplemental-metad.json"),
            // Any case.
            ("img_1.JPG", "IMG_1.jpg.json"),
        ])
    func matched(_ media: String, _ sidecar: String) {
        #expect(TakeoutSidecars.clipped(sidecar.replacingOccurrences(of: ".json", with: "")).utf16.count <= 51)
        #expect(match(media, among: [sidecar, "metadata.json", "other.jpg.json"]) == sidecar)
    }

    @Test("a sidecar is never taken for another file, in another folder, or by a short prefix")
    func unmatched() {
        #expect(match("IMG_2.jpg", among: ["IMG_1.jpg.json", "IMG_20.jpg.json"]) == nil)
        #expect(match("IMG_1(2).jpg", among: ["IMG_1.jpg(1).json"]) == nil)
        #expect(TakeoutSidecars(["/a/IMG_1.jpg.json"]).sidecar(for: "/b/IMG_1.jpg") == nil)
        #expect(match("IMG.jpg", among: ["IMG.jpg.supplemental-me.json"]) == nil, "a short sidecar matches exactly or not at all")
        // Two clipped candidates: neither is taken.
        let long = "PXL_20230518_123456789.MP.jpg"
        #expect(match(long, among: [long + ".supplemental-metad.json", long + ".supplemental-metada.json"]) == nil)
        #expect(TakeoutSidecars.clipped(String(repeating: "é", count: 60)).utf16.count == 46)
        #expect(TakeoutSidecars.clipped(String(repeating: "😀", count: 30)).utf16.count == 46)
    }

    @Test("the date is seconds since 1970 (a string or a number), geoData wins over geoDataExif, (0, 0) is none")
    func fields() throws {
        func read(_ json: String) throws -> TakeoutSidecar { try TakeoutSidecar(path: "/t/x.json", json: Data(json.utf8)) }
        let full = try read(
            #"{"title": "a.jpg", "photoTakenTime": {"timestamp": "1685622896"}, "geoData": {"latitude": -33.85, "longitude": 151.2, "altitude": -2.5}, "geoDataExif": {"latitude": 1, "longitude": 1}}"#
        )
        #expect(full.title == "a.jpg" && full.facts.date == Date(timeIntervalSince1970: 1_685_622_896))
        #expect(full.facts.location == CaptureFacts.Location(latitude: -33.85, longitude: 151.2, altitude: -2.5))
        let exifOnly = try read(
            #"{"photoTakenTime": {"timestamp": 1685622896}, "geoData": {"latitude": 0.0, "longitude": 0.0}, "geoDataExif": {"latitude": 10, "longitude": 20}}"#)
        #expect(exifOnly.facts.date != nil && exifOnly.facts.location?.latitude == 10)
        let none = try read(
            #"{"photoTakenTime": {"timestamp": "soon"}, "geoData": {"latitude": 0, "longitude": 0}, "geoDataExif": {"latitude": 95, "longitude": 0}}"#)
        #expect(none.facts.isEmpty)
        #expect(try read(#"{"photoTakenTime": {"timestamp": "-5"}}"#).facts.date == nil)
        #expect(try read(#"{"photoTakenTime": {"timestamp": "99999999999999"}}"#).facts.date == nil)
    }

    @Test(
        "JSON that is not a sidecar is a typed error naming it", arguments: ["", "[1, 2]", "{\"title\": 5}", "{\"geoData\": {\"latitude\": \"x\"}}", "\u{FF}"])
    func garbage(_ json: String) {
        #expect {
            try TakeoutSidecar(path: "/t/x.json", json: Data(json.utf8))
        } throws: { error in
            let error = error as? MediaError
            return error?.kind == .corrupt && error?.file == "/t/x.json"
        }
    }
}
