import Foundation
import GlintJobs
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// `share.renditions` on real files that carry a GPS position (the iPhone pair: EXIF GPS in the
/// still, `com.apple.quicktime.location.ISO6709` in the movie; the Samsung HEIC Motion Photo): by
/// default no output carries a location, as `exiftool` reads them, embedded streams included,
/// while the orientation and the Live Photo identifier stay, so that the pair still pairs; with
/// `keepLocation` the downloads keep it.
@Suite("worker: share.renditions without location", .requires(.exiftool, .tool("unzip")), .suiteTimeLimit)
struct ShareRenditionsLocationTests {
    static let heic = "motionphoto/motionphoto.heic"

    @Test("the iPhone pair: still, movie, zip, Motion Photo and previews carry no location; orientation and identifier kept", .requires(.livePhotoPair))
    func pairWithoutLocation() async throws {
        let still = SharedFixtures.livePhotoStill
        try #require(!(try LocationMetadata.tags(in: still)).isEmpty, "the fixture has a position")
        try #require(!(try LocationMetadata.tags(in: SharedFixtures.livePhotoMovie)).isEmpty, "the fixture's movie has a position")
        try await WorkerHarness.with(handlers: .glint) { harness in
            let files = try await Self.renditions(
                harness,
                inputs: ["still": SharedFixtures.url(SharedFixtures.Name.livePhotoStill), "movie": SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)])
            #expect(Set(files.keys) == ["thumbnail", "display", "livephoto", "motionphoto", "still", "movie"])
            for (name, path) in files where name != "livephoto" {
                #expect(try LocationMetadata.tags(in: path) == [], "\(name) carries a location")
            }
            let motionPhoto = try #require(files["motionphoto"])
            let video = try #require(try LocationMetadata.motionPhotoVideo(of: motionPhoto), "the Motion Photo's video")
            #expect(try LocationMetadata.tags(in: video) == [], "the Motion Photo's video carries a location")
            let unzipped = try LocationMetadata.unzip(try #require(files["livephoto"]))
            #expect(unzipped.count == 2)
            for path in unzipped { #expect(try LocationMetadata.tags(in: path) == [], "\(path) in the zip carries a location") }
            let copies = [try #require(files["still"]), try #require(files["movie"])]
            #expect(try LocationMetadata.value(of: "Orientation", in: copies[0]) == LocationMetadata.value(of: "Orientation", in: still))
            #expect(try LocationMetadata.value(of: "MediaGroupUUID", in: copies[0]) == "E905E6C6-C747-4805-942F-9904A0281F02")
            #expect(try LocationMetadata.value(of: "ContentIdentifier", in: copies[1]) == "E905E6C6-C747-4805-942F-9904A0281F02")
            for pair in [copies, unzipped] {
                let pairing = LivePhotoPairing.pair(pair.map { MediaInspector.inspect($0) })
                #expect(pairing.livePhotos.count == 1, "\(pairing.unpaired)")
            }
        }
    }

    @Test("keepLocation: no copies are made, and the downloads keep the position", .requires(.livePhotoPair))
    func pairKeepingLocation() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let files = try await Self.renditions(
                harness,
                inputs: ["still": SharedFixtures.url(SharedFixtures.Name.livePhotoStill), "movie": SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)],
                parameters: #"{"name": "kept", "keepLocation": true}"#)
            #expect(Set(files.keys) == ["thumbnail", "display", "livephoto", "motionphoto"])
            #expect(try LocationMetadata.tags(in: try #require(files["motionphoto"])).contains { $0.hasSuffix("GPSLatitude") })
            let unzipped = try LocationMetadata.unzip(try #require(files["livephoto"]))
            #expect(try unzipped.allSatisfy { !(try LocationMetadata.tags(in: $0)).isEmpty }, "the zipped pair keeps its position")
        }
    }

    @Test(
        "a Motion Photo (the Samsung HEIC; a JPEG one exported from the iPhone pair, GPS kept): its still, movie, zip and Motion Photo (in its own container again) carry no location",
        .requires(.fixture(heic), .livePhotoPair), arguments: [heic, "iphone"])
    func motionPhotoWithoutLocation(fixture: String) async throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let source = fixture == Self.heic ? SharedFixtures.url(Self.heic) : try Self.jpegMotionPhoto(in: work.url)
        try #require(!(try LocationMetadata.tags(in: source.path)).isEmpty, "the Motion Photo has a position")
        try await WorkerHarness.with(handlers: .glint) { harness in
            let files = try await Self.renditions(harness, inputs: ["motionPhoto": source])
            #expect(Set(files.keys) == ["thumbnail", "display", "livephoto", "motionphoto", "still", "movie"])
            for (name, path) in files where name != "livephoto" {
                #expect(try LocationMetadata.tags(in: path) == [], "\(name) carries a location")
            }
            let motionPhoto = try #require(files["motionphoto"])
            let made = try #require(MediaInspector.inspect(motionPhoto).motionPhoto, "a Motion Photo")
            #expect((made.source == .heifBox) == (fixture == Self.heic), "in the container of the original")
            if let video = try LocationMetadata.motionPhotoVideo(of: motionPhoto) {
                #expect(try LocationMetadata.tags(in: video) == [], "the Motion Photo's video carries a location")
            }
            let unzipped = try LocationMetadata.unzip(try #require(files["livephoto"]))
            for path in unzipped { #expect(try LocationMetadata.tags(in: path) == [], "\(path) in the zip carries a location") }
            let pairing = LivePhotoPairing.pair([try #require(files["still"]), try #require(files["movie"])].map { MediaInspector.inspect($0) })
            #expect(pairing.livePhotos.count == 1, "\(pairing.unpaired)")
        }
    }

    @Test("keepLocation must be true or false")
    func badParameter() throws {
        #expect(throws: JobHandlerError.self) { try ShareRenditionsJobHandler().decodeParameters(Data(#"{"keepLocation": "yes"}"#.utf8)) }
        #expect(try ShareRenditionsJobHandler().decodeParameters(Data("{}".utf8)).keepLocation == false, "off unless asked")
    }

    /// Runs a `share.renditions` job and writes each output to a file named after it (with the
    /// extension its bytes call for); the paths by output name.
    static func renditions(
        _ harness: WorkerHarness, inputs: [String: URL], parameters: String = #"{"name": "glint-test"}"#
    ) async throws -> [String: String] {
        let id = try await harness.submit(.shareRenditions, parameters, inputs: inputs)
        let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
        try #require(job.state == .completed, "errors: \(job.errors)")
        let folder = try harness.directory.subdirectory("outputs")
        var files: [String: String] = [:]
        for name in job.outputs.keys {
            let data = try harness.output(job, name)
            let file = folder.appendingPathComponent(name + "." + Self.fileExtension(of: data))
            try data.write(to: file)
            files[name] = file.path
        }
        return files
    }

    /// The iPhone pair exported as a JPEG Motion Photo with its location (the export's default).
    static func jpegMotionPhoto(in folder: URL) throws -> URL {
        let result = try Exporter.export(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie, as: .motionPhoto,
            options: ExportOptions(outputDirectory: folder.path))
        return URL(fileURLWithPath: try #require(result.files.first { $0.kind == .motionPhoto }).path)
    }

    static func fileExtension(of data: Data) -> String {
        let head = Array(data.prefix(12))
        if head.starts(with: [0xFF, 0xD8]) { return "jpg" }
        if head.starts(with: Array("PK".utf8)) { return "zip" }
        if head.count == 12, String(decoding: head[4..<12], as: UTF8.self) == "ftypheic" { return "heic" }
        return "mov"
    }

}
