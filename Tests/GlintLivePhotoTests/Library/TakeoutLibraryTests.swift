import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// A Google Takeout folder read as it is: sidecars matched, split Motion Photos put back
/// together, album copies converted once, capture dates and places given to outputs that lack them.
@Suite("Google Takeout libraries", .suiteTimeLimit)
struct TakeoutLibraryTests {
    static func plan(_ library: TakeoutLibrary) throws -> LibraryPlan {
        try LibraryPlan.make([library.root], options: LibraryScan.Options(recursive: true), jobs: 2)
    }

    @Test("the plan joins split Motion Photos, leaves album copies out and finds every sidecar")
    func plan() throws {
        let library = try TakeoutLibrary()
        let plan = try Self.plan(library)
        let byStill = Dictionary(plan.items.map { ($0.inputs[0], $0) }, uniquingKeysWith: { a, _ in a })
        guard case .livePhoto = byStill[library.year + "/IMG_1.jpg"]?.content else {
            Issue.record("\(plan.items)")
            return
        }
        guard case .splitMotionPhoto(_, let pixelVideo, "image/jpeg") = byStill[library.year + "/PXL_1.MP.jpg"]?.content else {
            Issue.record("\(plan.items.map(\.content))")
            return
        }
        #expect(pixelVideo == library.year + "/PXL_1.MP")
        guard case .splitMotionPhoto(_, let samsungVideo, _) = byStill[library.year + "/20230601_123456_galaxy_s23.jpg"]?.content else {
            Issue.record("\(plan.items.map(\.content))")
            return
        }
        #expect(samsungVideo == library.year + "/20230601_123456_galaxy_s23.mp4")
        // A 12-second clip is no Motion Photo's, and outside a Takeout folder names never join.
        for still in [library.year + "/long.jpg", library.other + "/clip.jpg"] {
            guard case .photo = byStill[still]?.content else {
                Issue.record("\(still): \(String(describing: byStill[still]))")
                continue
            }
        }
        #expect(Set(plan.unpairedMovies.map(\.path)) == [library.year + "/long.mp4", library.other + "/clip.mp4"])
        #expect(plan.unreadable.isEmpty, "\(plan.unreadable)")
        #expect(plan.items.count == 6)
        // The album's copies are left out, each naming the file converted in its place.
        #expect(Set(plan.duplicates.map(\.path)) == Set(["IMG_1.jpg", "IMG_1.mov", "PXL_1.MP.jpg", "PXL_1.MP"].map { library.album + "/" + $0 }))
        #expect(plan.duplicates.allSatisfy { $0.sameAs == library.year + "/" + ($0.path as NSString).lastPathComponent })
        let sidecars = Dictionary(plan.items.map { ($0.inputs[0], $0.sidecar?.path) }, uniquingKeysWith: { a, _ in a })
        #expect(sidecars[library.year + "/IMG_1.jpg"] == library.year + "/IMG_1.jpg.json")
        #expect(sidecars[library.year + "/PXL_1.MP.jpg"] == library.year + "/PXL_1.MP.jpg.supplemental-metadata.json")
        #expect(sidecars[library.year + "/20230601_123456_galaxy_s23.jpg"] == library.year + "/20230601_123456_galaxy_s23.jpg.supplemental-me.json")
        #expect(sidecars[library.year + "/photo(1).jpg"] == library.year + "/photo.jpg(1).json")
        #expect(sidecars[library.other + "/clip.jpg"] == .some(nil))
        #expect(byStill[library.year + "/IMG_1.jpg"]?.sidecar?.facts.date == Date(timeIntervalSince1970: 1_685_622_896))
    }

    @Test("exported as Motion Photos: the split ones come out whole, every output dated and placed from its sidecar")
    func exportsMotionPhotos() throws {
        let library = try TakeoutLibrary()
        let summary = try LibraryRun.run(
            try Self.plan(library), options: .init(output: library.out, jobs: 2), converter: LibraryRunTests.exporter(.motionPhoto))
        #expect(summary.counts.failed == 0, "\(summary.failures)")
        #expect(summary.counts.motionPhotos == 2 && summary.counts.livePhotos == 1 && summary.counts.photos == 3, "\(summary.counts)")
        #expect(summary.counts.duplicates == 4 && summary.counts.withSidecar == 5, "\(summary.counts)")
        let folder = library.out + "/Google Photos/Photos from 2023/"
        for name in ["PXL_1.MP.jpg", "20230601_123456_galaxy_s23.MP.jpg", "IMG_1.MP.jpg"] {
            let photo = try MotionPhotoToLivePhoto.motionPhoto(at: folder + name)
            #expect(photo.video.frameCount == 20, "\(name)")
            try Self.expectFacts(folder + name)
        }
        try Self.expectFacts(folder + "photo(1).jpg")
        #expect(!FileManager.default.fileExists(atPath: library.out + "/Google Photos/Trip"), "album copies are converted once")
        // Outside the Takeout folder: no sidecar, so nothing given.
        let clip = try ExifMetadata(tiff: try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: library.out + "/Other/clip.jpg")))).exifTIFF!)
        #expect(clip.captureDateISO8601 == nil && clip.locationISO6709 == nil)
        #expect(TemporaryDirectory.files(below: library.out).allSatisfy { !($0 as NSString).lastPathComponent.hasPrefix(".") })
    }

    @Test("exported as pairs, the movies get the sidecar's date and place too; --no-takeout-metadata gives nothing")
    func exportsPairs() throws {
        let library = try TakeoutLibrary()
        let plan = try Self.plan(library)
        _ = try LibraryRun.run(plan, options: .init(output: library.out, jobs: 2), converter: LibraryRunTests.exporter(.pair))
        let folder = library.out + "/Google Photos/Photos from 2023/"
        for movie in ["IMG_1.mov", "PXL_1.MOV", "20230601_123456_galaxy_s23.MOV"] {
            let read = try QuickTimeMovie(path: folder + movie)
            #expect(read.metadata.string(forKey: CaptureFactsWriter.creationDateKey) == "2023-06-01T12:34:56Z", "\(movie)")
            #expect(read.metadata.string(forKey: MovieToMP4.locationKey) == "+48.8584+002.2945+035.000/", "\(movie)")
            #expect(MovieHeaderTimes.creation(of: read.moov) == 1_685_622_896 + 2_082_844_800, "\(movie)")
            #expect(read.contentIdentifier != nil, "\(movie) still pairs")
        }
        let bare = library.directory.path + "/bare"
        _ = try LibraryRun.run(plan, options: .init(output: bare, jobs: 2, takeoutMetadata: false), converter: LibraryRunTests.exporter(.pair))
        let still = try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: bare + "/Google Photos/Photos from 2023/IMG_1.jpg"))))
        #expect(try ExifMetadata(tiff: still.exifTIFF!).captureDateISO8601 == nil)
    }

    @Test("a sidecar that is not Takeout's is a note on its item, which is converted all the same")
    func hostileSidecar() throws {
        let library = try TakeoutLibrary()
        try Data("{\"photoTakenTime\": [".utf8).write(to: URL(fileURLWithPath: library.year + "/IMG_1.jpg.json"))
        try Data(repeating: 0x20, count: TakeoutSidecar.maximumBytes + 1).write(to: URL(fileURLWithPath: library.year + "/photo.jpg(1).json"))
        let plan = try LibraryPlan.make([library.year], options: .init(), jobs: 2)
        let notes = Dictionary(plan.items.map { (($0.inputs[0] as NSString).lastPathComponent, $0.notes) }, uniquingKeysWith: { a, _ in a })
        #expect(notes["IMG_1.jpg"]?.first?.contains("IMG_1.jpg.json") == true, "\(notes)")
        #expect(notes["photo(1).jpg"]?.first?.contains("photo.jpg(1).json") == true, "\(notes)")
        let summary = try LibraryRun.run(plan, options: .init(output: library.out, jobs: 2), converter: LibraryRunTests.exporter(.motionPhoto))
        #expect(summary.counts.failed == 0 && summary.counts.livePhotos == 1, "\(summary.failures)")
    }

    @Test("a whole Motion Photo keeps its own video: Takeout's .MP copy of it is noted, not left unpaired")
    func redundantCopy() throws {
        let directory = try TemporaryDirectory("glint-takeout-copy")
        let work = try directory.subdirectory("work")
        let (still, movie) = try PairFixtures.synthetic(in: work, name: "PXL_2", configure: TakeoutLibrary.fresh)
        let folder = try directory.subdirectory("photos").path
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: ExportOptions(outputDirectory: folder))
        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: result.files[0].path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: result.files[0].path))
        try bytes.suffix(from: Int(photo.videoOffset)).write(to: URL(fileURLWithPath: folder + "/PXL_2.MP"))
        let plan = try LibraryPlan.make([folder], options: .init(), jobs: 2)
        #expect(plan.unpairedMovies.isEmpty && plan.items.count == 1, "\(plan.unpairedMovies)")
        guard case .motionPhoto = plan.items.first?.content else {
            Issue.record("\(plan.items)")
            return
        }
        #expect(plan.items[0].companions == [folder + "/PXL_2.MP"] && plan.items[0].notes.first?.contains("PXL_2.MP") == true)
    }

    @Test("edited, a split Motion Photo comes out whole under its still's name, dated from its sidecar")
    func editsSplit() throws {
        let library = try TakeoutLibrary()
        let plan = try LibraryPlan.make([library.year], options: .init(), jobs: 2)
        let recipe = try EditRecipe.parse(json: Data(#"{"exposure": 0.5}"#.utf8))
        let converter = LibraryRun.Converter(
            names: LibraryConversion.editNames,
            convert: { item, folder in try LibraryConversion.edit(item, recipe: recipe, options: PairFixtures.fastOptions, into: folder) })
        let summary = try LibraryRun.run(plan, options: .init(output: library.out, jobs: 2), converter: converter)
        #expect(summary.counts.failed == 0 && summary.counts.motionPhotos == 2, "\(summary.failures)")
        let edited = try MotionPhotoToLivePhoto.motionPhoto(at: library.out + "/PXL_1.MP.jpg")
        #expect(edited.video.frameCount == 20)
        try Self.expectFacts(library.out + "/PXL_1.MP.jpg")
        #expect(!FileManager.default.fileExists(atPath: library.out + "/PXL_1.MP"), "the video is inside, not beside")
    }

    /// The file's EXIF holds the sidecar's date (UTC) and place.
    static func expectFacts(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let jpeg = try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let exif = try ExifMetadata(tiff: try #require(jpeg.exifTIFF, sourceLocation: sourceLocation))
        #expect(exif.captureDateISO8601 == "2023-06-01T12:34:56+00:00", "\(path)", sourceLocation: sourceLocation)
        #expect(exif.locationISO6709 == "+48.8584+002.2945+035.000/", "\(path)", sourceLocation: sourceLocation)
    }
}
