import Foundation
import GlintMedia
import GlintTestSupport
import Synchronization
import Testing

@testable import GlintLivePhoto

/// A small library as a phone export leaves it: a Live Photo whose still and movie sit in
/// different folders, a Motion Photo, a plain photo, a broken JPEG, a movie with no still and a
/// Takeout sidecar.
struct GeneratedLibrary {
    let directory: TemporaryDirectory
    var root: String { directory.path + "/library" }
    var out: String { directory.path + "/out" }

    init() throws {
        directory = try TemporaryDirectory("glint-library-run")
        let stills = try directory.subdirectory("library/2024/stills")
        let movies = try directory.subdirectory("library/2024/movies")
        let work = try directory.subdirectory("work")
        let fresh: (inout SyntheticLivePhoto.Options) -> Void = { options in
            let identifier = ContentIdentifier.random()
            options.stillIdentifier = identifier
            options.movieIdentifier = identifier
        }
        let (still, movie) = try PairFixtures.synthetic(in: work, name: "IMG_0001", configure: fresh)
        try FileManager.default.moveItem(atPath: still, toPath: stills.appendingPathComponent("IMG_0001.jpg").path)
        try FileManager.default.moveItem(atPath: movie, toPath: movies.appendingPathComponent("IMG_0001.mov").path)

        let (motionStill, motionMovie) = try PairFixtures.synthetic(in: work, name: "PXL_0002", configure: fresh)
        _ = try Exporter.export(
            stillPath: motionStill, moviePath: motionMovie, as: .motionPhoto,
            options: ExportOptions(outputDirectory: directory.path + "/library"))

        let (photo, lonelyMovie) = try PairFixtures.synthetic(in: work, name: "photo", configure: fresh)
        try FileManager.default.moveItem(atPath: photo, toPath: directory.path + "/library/2024/photo.jpg")
        let (_, otherMovie) = try PairFixtures.synthetic(in: work, name: "clip", configure: fresh)
        try FileManager.default.moveItem(atPath: otherMovie, toPath: movies.appendingPathComponent("clip.mov").path)
        try? FileManager.default.removeItem(atPath: lonelyMovie)
        try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00]).write(to: URL(fileURLWithPath: root + "/2024/broken.jpg"))
        try Data("{\"title\": \"photo.jpg\"}".utf8).write(to: URL(fileURLWithPath: root + "/2024/photo.jpg.json"))
        try FileManager.default.removeItem(at: work)
    }
}

/// What a library run does with an export: the names planned before any work, the tree mirrored,
/// one failure never stopping the others, collisions refused, interrupted runs resumed.
@Suite("Library runs", .suiteTimeLimit)
struct LibraryRunTests {
    static func exporter(_ format: ExportFormat, fail: String? = nil) -> LibraryRun.Converter {
        let options = ExportOptions(outputDirectory: "", encoding: PairFixtures.fastOptions.encoding)
        return LibraryRun.Converter(
            names: { LibraryConversion.exportNames($0, format: format, options: options) },
            convert: { item, folder in
                if let fail, item.inputs[0].hasSuffix(fail) { throw MediaError(.corrupt, file: item.inputs[0], "made to fail") }
                var options = options
                options.outputDirectory = folder
                let result: ExportResult
                switch try LibraryConversion.joined(item, in: folder).content {
                case .photo(let path): result = try Exporter.export(photoPath: path, options: options)
                case .livePhoto(let pair): result = try Exporter.export(.livePhoto(pair), as: format, options: options)
                case .motionPhoto(let path, let photo): result = try Exporter.export(.motionPhoto(path: path, read: photo), as: format, options: options)
                case .splitMotionPhoto: throw MediaError(.unsupported, file: item.inputs[0], "not joined")
                }
                return LibraryRun.Converted(files: result.files.map(\.path), notes: result.notes)
            })
    }

    static func plan(_ library: GeneratedLibrary) throws -> LibraryPlan {
        try LibraryPlan.make([library.root], options: LibraryScan.Options(recursive: true), jobs: 2)
    }

    @Test(
        "every kind is found and exported under the mirrored tree; the rest is counted; nothing temporary is left",
        arguments: [ExportFormat.pair, .motionPhoto, .mp4])
    func mirroredTree(_ format: ExportFormat) throws {
        let library = try GeneratedLibrary()
        defer { library.directory.remove() }
        let summary = try LibraryRun.run(try Self.plan(library), options: .init(output: library.out, jobs: 2), converter: Self.exporter(format))
        #expect(summary.counts.livePhotos == 1 && summary.counts.motionPhotos == 1 && summary.counts.photos == 1, "\(summary)")
        #expect(summary.counts.failed == 1 && summary.counts.unpairedMovies == 1 && summary.counts.ignored == 1, "\(summary.counts)")
        #expect(summary.failures.map(\.path) == [library.root + "/2024/broken.jpg"])
        #expect(summary.failures.first?.code == "invalid-input", "\(summary.failures)")
        #expect(summary.unpairedMovies.map(\.path) == [library.root + "/2024/movies/clip.mov"])
        let expected: [String]
        switch format {
        case .pair: expected = ["2024/photo.jpg", "2024/stills/IMG_0001.jpg", "2024/stills/IMG_0001.mov", "PXL_0002.MOV", "PXL_0002.jpg"]
        case .motionPhoto: expected = ["2024/photo.jpg", "2024/stills/IMG_0001.MP.jpg", "PXL_0002.MP.jpg"]
        default: expected = ["2024/photo.jpg", "2024/stills/IMG_0001.mp4", "PXL_0002.mp4"]
        }
        #expect(TemporaryDirectory.files(below: library.out) == expected)
        #expect(Set(summary.items.flatMap(\.outputs)) == Set(expected.map { library.out + "/" + $0 }))
        let beside = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
        #expect(!beside.contains { $0.contains("glint-staging") }, "the staging folder is gone: \(beside)")
        for file in expected {
            let report = MediaInspector.inspect(library.out + "/" + file, depth: .firstFrame)
            #expect(report.error == nil, "\(file): \(report.error ?? "")")
        }
    }

    @Test("one item's failure is reported with its path and code, and every other item is still converted")
    func failureIsolated() throws {
        let library = try GeneratedLibrary()
        defer { library.directory.remove() }
        let summary = try LibraryRun.run(
            try Self.plan(library), options: .init(output: library.out, jobs: 2), converter: Self.exporter(.pair, fail: "IMG_0001.jpg"))
        #expect(summary.counts.livePhotos == 0 && summary.counts.motionPhotos == 1 && summary.counts.photos == 1, "\(summary.counts)")
        let failure = try #require(summary.failures.first { $0.path.hasSuffix("IMG_0001.jpg") })
        #expect(failure.code == "invalid-input" && failure.kind == "corrupt" && failure.message.contains("made to fail"))
        #expect(!TemporaryDirectory.files(below: library.out).contains { $0.contains("IMG_0001") })
    }

    @Test("each item starts in an empty folder of its own; what one leaves behind or fails with never reaches the output folder")
    func itemFolders() throws {
        let library = try GeneratedLibrary()
        defer { library.directory.remove() }
        let plan = try Self.plan(library)
        let seen = Mutex<[(folder: String, empty: Bool)]>([])
        let converter = LibraryRun.Converter(
            names: { [($0.inputs[0] as NSString).lastPathComponent + ".out"] },
            convert: { item, folder in
                let name = (item.inputs[0] as NSString).lastPathComponent
                seen.withLock { $0.append((folder, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true)) }
                if name == "photo.jpg" { throw MediaError(.corrupt, file: item.inputs[0], "made to fail") }
                let file = folder + "/" + name + ".out"
                try AtomicFileWriter.write(Array(name.utf8), to: file)
                if name == "IMG_0001.jpg" { try AtomicFileWriter.write([1], to: folder + "/stray") }
                return LibraryRun.Converted(files: [file])
            })
        let summary = try LibraryRun.run(plan, options: .init(output: library.out, jobs: 2), converter: converter)
        let folders = seen.withLock { $0 }
        #expect(folders.count == plan.items.count && folders.allSatisfy(\.empty), "\(folders)")
        // broken.jpg, which the plan could not read, and photo.jpg, made to fail.
        #expect(summary.counts.failed == 2, "\(summary.counts)")
        #expect(TemporaryDirectory.files(below: library.out) == ["2024/stills/IMG_0001.jpg.out", "PXL_0002.MP.jpg.out"])
        let beside = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
        #expect(!beside.contains { $0.contains("glint-staging") }, "the staging folder is gone: \(beside)")
    }

    @Test("an item folder given back empty is the next one taken; one given back with anything in it is removed")
    func folderReuse() throws {
        let directory = try TemporaryDirectory("glint-library-staging")
        defer { directory.remove() }
        let staging = try LibraryStaging(output: directory.path + "/out")
        defer { staging.remove() }
        let first = try staging.takeItemFolder()
        let second = try staging.takeItemFolder()
        #expect(first != second)
        staging.giveBack(itemFolder: first)
        #expect(try staging.takeItemFolder() == first)
        try Data([1]).write(to: URL(fileURLWithPath: first + "/left"))
        staging.giveBack(itemFolder: first)
        #expect(!FileManager.default.fileExists(atPath: first))
        let third = try staging.takeItemFolder()
        #expect(third != first && third != second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: third).isEmpty)
    }

    @Test("two items that would write the same file, or an output onto an input, stop the run before anything is written")
    func collisionsRefused() throws {
        let library = try GeneratedLibrary()
        defer { library.directory.remove() }
        let second = try library.directory.subdirectory("second")
        // Another photo (a copy would be a duplicate, converted once), of the same name but for case.
        try FileManager.default.copyItem(atPath: library.root + "/2024/stills/IMG_0001.jpg", toPath: second.path + "/PHOTO.JPG")
        let plan = try LibraryPlan.make([library.root + "/2024", second.path], options: .init(), jobs: 2)
        #expect(plan.items.count == 2, "\(plan.items)")
        let error = #expect(throws: MediaError.self) {
            try LibraryRun.run(plan, options: .init(output: library.out), converter: Self.exporter(.still))
        }
        #expect(error?.kind == .invalidArgument && error?.problem.contains("would both write") == true, "\(String(describing: error))")
        #expect(TemporaryDirectory.files(below: library.out).isEmpty)

        let ontoInput = #expect(throws: MediaError.self) {
            try LibraryRun.run(try Self.plan(library), options: .init(output: library.root), converter: Self.exporter(.pair))
        }
        #expect(ontoInput?.problem.contains("overwrite an input") == true, "\(String(describing: ontoInput))")

        // A file the run leaves out is an input too: a movie that pairs with nothing, where the
        // Live Photo's MP4 would go.
        try FileManager.default.removeItem(atPath: library.root + "/2024/photo.jpg")
        let unpaired = library.root + "/2024/stills/IMG_0001.mp4"
        try FileManager.default.copyItem(atPath: library.root + "/2024/movies/clip.mov", toPath: unpaired)
        let ontoUnpaired = #expect(throws: MediaError.self) {
            try LibraryRun.run(try Self.plan(library), options: .init(output: library.root), converter: Self.exporter(.mp4))
        }
        #expect(ontoUnpaired?.problem.contains(unpaired) == true, "\(String(describing: ontoUnpaired))")
        #expect(FileManager.default.contentsEqual(atPath: unpaired, andPath: library.root + "/2024/movies/clip.mov"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: library.directory.path)
        #expect(!beside.contains { $0.contains("glint-staging") }, "\(beside)")
    }

    @Test("--skip-existing skips items whose outputs are all there and converts the rest again")
    func skipExisting() throws {
        let library = try GeneratedLibrary()
        defer { library.directory.remove() }
        let plan = try Self.plan(library)
        let first = try LibraryRun.run(plan, options: .init(output: library.out, skipExisting: true), converter: Self.exporter(.pair))
        #expect(first.counts.skipped == 0 && first.counts.livePhotos == 1)
        let still = library.out + "/2024/stills/IMG_0001.jpg"
        let written = try FileManager.default.attributesOfItem(atPath: still)[.modificationDate] as? Date
        try FileManager.default.removeItem(atPath: library.out + "/PXL_0002.MOV")
        let second = try LibraryRun.run(plan, options: .init(output: library.out, skipExisting: true), converter: Self.exporter(.pair))
        #expect(second.counts.skipped == 2 && second.counts.motionPhotos == 1, "\(second.counts)")
        #expect(try FileManager.default.attributesOfItem(atPath: still)[.modificationDate] as? Date == written)
        #expect(FileManager.default.fileExists(atPath: library.out + "/PXL_0002.MOV"))
    }

    @Test("a staging folder that a killed run left beside the output folder is removed by the next run; a live run's is kept")
    func abandonedStagingRemoved() throws {
        let library = try GeneratedLibrary()
        defer { library.directory.remove() }
        let dead = library.directory.path + "/.out.glint-staging-4194305-0badf00d"
        let alive = library.directory.path + "/.out.glint-staging-\(getpid())-0badf00d"
        for folder in [dead, alive] {
            try FileManager.default.createDirectory(atPath: folder + "/0", withIntermediateDirectories: true)
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/0/IMG.jpg"))
        }
        _ = try LibraryRun.run(try Self.plan(library), options: .init(output: library.out), converter: Self.exporter(.still))
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive), "this process's own folder is not another run's")
    }

    @Test("pairing a large library is linear: 20,000 reports pair in well under the time limit")
    func pairingScales() {
        var reports: [MediaFileReport] = []
        for index in 0..<10_000 {
            let identifier = ContentIdentifier.random()
            var still = MediaFileReport(path: "/l/\(index).jpg", kind: .jpeg, size: 1)
            still.still = StillReport(
                width: 1, height: 1, orientation: 1, rotation: 0, mirrored: false, contentIdentifier: index % 2 == 0 ? identifier : nil,
                hasAppleMakerNote: true, hasGPS: false, iccProfileBytes: nil, hasXMP: false)
            var movie = MediaFileReport(path: "/l/\(index).mov", kind: .movie, size: 1)
            movie.movie = MovieReport(
                codec: "h264", width: 1, height: 1, cleanAperture: nil, rotation: 0, frameCount: 1, duration: 1, stillImageTime: nil,
                contentIdentifier: identifier, audio: nil, keys: [:])
            reports += [still, movie]
        }
        let result = LivePhotoPairing.pair(reports)
        #expect(result.livePhotos.count == 5_000)
        #expect(result.unpaired.count == 10_000)
    }
}
