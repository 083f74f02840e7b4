import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// `glint export` of a Google Takeout folder through the real binary: a Motion Photo Takeout split
/// in two comes out whole and dated, its album copy converted once, and exiftool agrees.
@Suite("glint export: Google Takeout folders", .suiteTimeLimit)
struct TakeoutCommandTests {
    static let sidecar = #"{"photoTakenTime": {"timestamp": "1685622896"}, "geoData": {"latitude": 48.8584, "longitude": 2.2945, "altitude": 35.0}}"#

    /// `Takeout/Photos from 2023/` with `PXL_1.MP.jpg` + `PXL_1.MP` (a Motion Photo cut where its
    /// video starts) and its sidecar, and `Takeout/Trip/` with copies of all three.
    static func takeout(in directory: TemporaryDirectory) throws -> String {
        let work = try directory.subdirectory("work")
        let pair = try GeneratedInputs.pair(in: work, name: "PXL_1")
        let made = try GlintProcess.run(["export", pair.still.path, pair.movie.path, "--as", "motion-photo", "--out", work.path])
        try #require(made.succeeded, "\(made.summary)")
        let whole = try Data(contentsOf: work.appendingPathComponent("PXL_1.MP.jpg"))
        let start = try #require(whole.lastRange(of: Data("ftyp".utf8))).lowerBound - 4
        let year = try directory.subdirectory("Takeout/Photos from 2023").path
        let album = try directory.subdirectory("Takeout/Trip").path
        for folder in [year, album] {
            try whole.prefix(upTo: start).write(to: URL(fileURLWithPath: folder + "/PXL_1.MP.jpg"))
            try whole.suffix(from: start).write(to: URL(fileURLWithPath: folder + "/PXL_1.MP"))
            try Data(sidecar.utf8).write(to: URL(fileURLWithPath: folder + "/PXL_1.MP.jpg.supplemental-metadata.json"))
        }
        try FileManager.default.removeItem(at: work)
        return directory.path + "/Takeout"
    }

    @Test(
        "a split Motion Photo is joined, dated from its sidecar and converted once; exiftool reads date, place and video",
        .requires(.exiftool))
    func exportTakeout() throws {
        let directory = try TemporaryDirectory("glint-takeout-command")
        let root = try Self.takeout(in: directory)
        let out = directory.path + "/out"
        let run = try GlintProcess.run(["export", root, "-r", "--as", "motion-photo", "--out", out, "--json"])
        #expect(run.succeeded, "\(run.summary)")
        let summary = try JSONDecoder().decode(LibrarySummary.self, from: run.stdout)
        #expect(summary.counts.motionPhotos == 1 && summary.counts.duplicates == 2 && summary.counts.withSidecar == 1, "\(summary.counts)")
        #expect(summary.counts.unpairedMovies == 0 && summary.counts.failed == 0, "\(summary)")
        #expect(summary.duplicates.map(\.path).sorted() == [root + "/Trip/PXL_1.MP", root + "/Trip/PXL_1.MP.jpg"])
        #expect(TemporaryDirectory.files(below: out) == ["Photos from 2023/PXL_1.MP.jpg"])
        let output = out + "/Photos from 2023/PXL_1.MP.jpg"
        let tags = try Self.exiftool(["-DateTimeOriginal", "-OffsetTimeOriginal", "-GPSPosition", "-MotionPhoto", "-n"], output)
        #expect(tags["DateTimeOriginal"] == "2023:06:01 12:34:56" && tags["OffsetTimeOriginal"] == "+00:00", "\(tags)")
        #expect(tags["GPSPosition"] == "48.8584 2.2945" && tags["MotionPhoto"] == "1", "\(tags)")
        let video = try ExportCommandTests.embeddedVideo(URL(fileURLWithPath: output))
        #expect(Data(video) == (try Data(contentsOf: URL(fileURLWithPath: root + "/Trip/PXL_1.MP"))), "exiftool finds exactly Takeout's video")

        let bare = directory.path + "/bare"
        let plain = try GlintProcess.run(["export", root, "-r", "--as", "motion-photo", "--out", bare, "--no-takeout-metadata"])
        #expect(plain.succeeded, "\(plain.summary)")
        #expect(try Self.exiftool(["-DateTimeOriginal"], bare + "/Photos from 2023/PXL_1.MP.jpg")["DateTimeOriginal"] == nil)
    }

    @Test(
        "a plain photo is given its sidecar's date and place as it is copied, noted once; --strip-location keeps the date and gives no place",
        .requires(.exiftool))
    func plainPhotoAndStripLocation() throws {
        let directory = try TemporaryDirectory("glint-takeout-strip")
        let root = try Self.takeout(in: directory)
        let year = root + "/Photos from 2023"
        let work = try directory.subdirectory("work")
        let pair = try GeneratedInputs.pair(in: work, name: "IMG_2")
        try FileManager.default.copyItem(atPath: pair.still.path, toPath: year + "/IMG_2.jpg")
        try Data(Self.sidecar.utf8).write(to: URL(fileURLWithPath: year + "/IMG_2.jpg.json"))
        try FileManager.default.removeItem(at: work)

        let out = directory.path + "/out"
        let run = try GlintProcess.run(["export", year, "--as", "still", "--out", out, "--json"])
        #expect(run.succeeded, "\(run.summary)")
        let summary = try JSONDecoder().decode(LibrarySummary.self, from: run.stdout)
        let photo = try #require(summary.items.first { $0.inputs == [year + "/IMG_2.jpg"] }, "\(summary.items)")
        #expect(photo.kind == .photo && photo.outcome == .converted, "\(photo)")
        #expect(photo.notes.filter { $0.contains("from IMG_2.jpg.json") }.count == 1, "\(photo.notes)")
        let copied = try Self.exiftool(["-DateTimeOriginal", "-GPSPosition", "-n"], out + "/IMG_2.jpg")
        #expect(copied["DateTimeOriginal"] == "2023:06:01 12:34:56" && copied["GPSPosition"] == "48.8584 2.2945", "\(copied)")

        let stripped = directory.path + "/stripped"
        let strip = try GlintProcess.run(["export", year, "--as", "motion-photo", "--strip-location", "--out", stripped])
        #expect(strip.succeeded, "\(strip.summary)")
        for name in ["IMG_2.jpg", "PXL_1.MP.jpg"] {
            let tags = try Self.exiftool(["-DateTimeOriginal", "-GPSPosition", "-GPSLatitude", "-n"], stripped + "/" + name)
            #expect(tags["DateTimeOriginal"] == "2023:06:01 12:34:56", "\(name): \(tags)")
            #expect(tags["GPSPosition"] == nil && tags["GPSLatitude"] == nil, "\(name) has no place: \(tags)")
        }
    }

    /// exiftool's values of `tags` in `path`, by tag name.
    static func exiftool(_ tags: [String], _ path: String) throws -> [String: String] {
        let outcome = try ExternalTool.run(try #require(MediaTools.exiftool), ["-s", "-s"] + tags + [path])
        return Dictionary(
            String(decoding: outcome.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            }, uniquingKeysWith: { a, _ in a })
    }
}
