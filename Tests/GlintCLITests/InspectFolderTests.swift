import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// `glint inspect` of folders: what a library move starts with.
@Suite("glint inspect: folders", .suiteTimeLimit)
struct InspectFolderTests {
    /// The shared iPhone pair split over two sub-folders (links to the fixtures), with a Takeout
    /// sidecar, a hidden file, the Samsung HEIC Motion Photo and (when `broken`) a broken JPEG.
    struct Library {
        let directory: TemporaryDirectory
        var root: String { directory.path }

        init(broken: Bool) throws {
            directory = try TemporaryDirectory("glint-inspect-folder")
            let stills = try directory.subdirectory("export/stills")
            let movies = try directory.subdirectory("export/movies")
            let manager = FileManager.default
            try manager.createSymbolicLink(atPath: stills.appendingPathComponent("IMG_0001.JPG").path, withDestinationPath: SharedFixtures.livePhotoStill)
            try manager.createSymbolicLink(atPath: movies.appendingPathComponent("clip.mov").path, withDestinationPath: SharedFixtures.livePhotoMovie)
            try manager.createSymbolicLink(
                atPath: directory.file("Samsung.heic").path, withDestinationPath: SharedFixtures.path("motionphoto/motionphoto.heic"))
            try Data("{\"title\": \"IMG_0001.JPG\"}".utf8).write(to: stills.appendingPathComponent("IMG_0001.JPG.json"))
            try Data("x".utf8).write(to: directory.file(".hidden.jpg"))
            if broken { try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00]).write(to: directory.file("broken.jpg")) }
        }
    }

    @Test(
        "-r pairs a still and a movie in different sub-folders by identifier; a Motion Photo is whole, not unpaired; sidecars are ignored, hidden files skipped",
        .requires(.sharedFixtures))
    func pairsAcrossFolders() throws {
        let library = try Library(broken: false)
        defer { library.directory.remove() }
        let run = try GlintProcess.run(["inspect", library.root, "-r", "--jobs", "2", "--json"])
        #expect(run.succeeded, "\(run.summary)")
        let document = try JSONDecoder().decode(LibraryInspection.self, from: run.stdout)
        #expect(document.files.map(\.path) == ["Samsung.heic", "export/movies/clip.mov", "export/stills/IMG_0001.JPG"].map { "\(library.root)/\($0)" })
        try #require(document.livePhotos.count == 1, "\(run.stdoutText)")
        #expect(document.livePhotos[0].stillPath == "\(library.root)/export/stills/IMG_0001.JPG")
        #expect(document.livePhotos[0].moviePath == "\(library.root)/export/movies/clip.mov")
        #expect(document.livePhotos[0].contentIdentifier.rawValue == CLIFixtures.iphoneIdentifier)
        #expect(document.files.first?.motionPhoto != nil, "the Samsung Motion Photo was not recognised")
        #expect(document.motionPhotos == ["\(library.root)/Samsung.heic"] && document.unpaired.isEmpty, "whole on its own: \(document.unpaired)")
        #expect(document.ignored == ["\(library.root)/export/stills/IMG_0001.JPG.json"])

        // Without -r the folder holds one file of its own.
        let flat = try GlintProcess.run(["inspect", library.root, "--json"])
        #expect(flat.succeeded, "\(flat.summary)")
        let flatDocument = try JSONDecoder().decode(LibraryInspection.self, from: flat.stdout)
        #expect(flatDocument.files.map(\.path) == ["\(library.root)/Samsung.heic"])
    }

    @Test("a broken file in a folder is reported and named, the others still inspected, and the exit status is 1", .requires(.sharedFixtures))
    func brokenFileInFolder() throws {
        let library = try Library(broken: true)
        defer { library.directory.remove() }
        let broken = "\(library.root)/broken.jpg"
        let run = try GlintProcess.run(["inspect", library.root, "-r", "--json"])
        #expect(run.failedCleanly, "\(run.summary)")
        let document = try JSONDecoder().decode(LibraryInspection.self, from: run.stdout)
        #expect(document.files.count == 4)
        #expect(document.livePhotos.count == 1)
        let report = try #require(document.files.first { $0.path == broken })
        #expect(report.error?.contains(broken) == true, "\(report)")
        #expect(run.stderrLines.count == 1 && run.stderrText.contains(broken), "\(run.summary)")

        let text = try GlintProcess.run(["inspect", library.root, "-r"])
        #expect(text.failedCleanly, "\(text.summary)")
        #expect(text.stdoutText.contains("Live Photos:"), "\(text.summary)")
        #expect(text.stdoutText.contains("Motion Photos (whole on their own): 1"), "\(text.summary)")
        #expect(!text.stdoutText.contains("  \(library.root)/Samsung.heic: "), "the Motion Photo is not listed unpaired: \(text.summary)")
        #expect(text.stdoutText.contains(broken), "\(text.summary)")
    }

    @Test("--jobs outside 1...256 is refused before any work")
    func jobsRange() throws {
        for jobs in ["0", "-1", "257"] {
            let run = try GlintProcess.run(["inspect", ".", "--jobs", jobs])
            #expect(run.failedCleanly, "\(run.summary)")
            #expect(run.stderrText.contains("--jobs"), "\(run.summary)")
        }
    }
}
