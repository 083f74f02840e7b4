import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `glint export` and `glint edit` of folders: a library moved in one command, interrupted and
/// resumed, with one JSON summary at the end.
@Suite("glint export and edit: folders", .suiteTimeLimit)
struct LibraryCommandTests {
    /// Generated Live Photos in two sub-folders (`count` of them), a Motion Photo, a plain photo
    /// and a broken JPEG.
    struct Library {
        let directory: TemporaryDirectory
        var root: String { directory.path + "/library" }
        var out: String { directory.path + "/out" }

        init(pairs count: Int = 2, broken: Bool = true, fixtureOptions: [String] = []) throws {
            directory = try TemporaryDirectory("glint-library-command")
            let work = try directory.subdirectory("work")
            for index in 0..<count {
                let folder = try directory.subdirectory("library/\(index % 2 == 0 ? "a" : "b/c")")
                _ = try GeneratedInputs.pair(in: folder, name: "IMG_\(1000 + index)", fixtureOptions)
            }
            let motion = try GeneratedInputs.pair(in: work, name: "PXL_1")
            let made = try GlintProcess.run(["export", motion.still.path, motion.movie.path, "--as", "motion-photo", "--out", root])
            try #require(made.succeeded, "\(made.summary)")
            let photo = try GeneratedInputs.pair(in: work, name: "photo")
            try FileManager.default.moveItem(at: photo.still, to: URL(fileURLWithPath: root + "/photo.jpg"))
            if broken { try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00]).write(to: URL(fileURLWithPath: root + "/broken.jpg")) }
            try FileManager.default.removeItem(at: work)
        }

        /// Every file below `out`, relative, hidden ones included.
        func outputs() -> [String] { TemporaryDirectory.files(below: out) }

        /// Whether a staging folder is left beside `out`.
        func stagingLeft() throws -> Bool {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.contains("glint-staging") }
        }
    }

    @Test("export of a folder: the tree mirrored, every kind converted, the broken file named, exit 1, one JSON summary")
    func exportFolder() throws {
        let library = try Library()
        defer { library.directory.remove() }
        let run = try GlintProcess.run(["export", library.root, "-r", "--as", "pair", "--out", library.out, "--jobs", "2", "--json"])
        #expect(run.failedCleanly, "\(run.summary)")
        let summary = try JSONDecoder().decode(LibrarySummary.self, from: run.stdout)
        #expect(summary.counts.livePhotos == 2 && summary.counts.motionPhotos == 1 && summary.counts.photos == 1, "\(summary.counts)")
        #expect(summary.counts.failed == 1 && summary.failures.first?.path == library.root + "/broken.jpg")
        #expect(run.stderrLines.count == 1 && run.stderrText.contains(library.root + "/broken.jpg"), "\(run.summary)")
        #expect(
            library.outputs() == ["PXL_1.MOV", "PXL_1.jpg", "a/IMG_1000.jpg", "a/IMG_1000.mov", "b/c/IMG_1001.jpg", "b/c/IMG_1001.mov", "photo.jpg"])
        #expect(try !library.stagingLeft())
        let inspect = try GlintProcess.run(["inspect", library.out, "-r", "--json"])
        #expect(inspect.succeeded, "\(inspect.summary)")
        let inspection = try JSONDecoder().decode(LibraryInspection.self, from: inspect.stdout)
        #expect(inspection.livePhotos.count == 3, "every pair still pairs, the Motion Photo's too: \(inspection.livePhotos)")

        let text = try GlintProcess.run(["export", library.root, "-r", "--as", "pair", "--out", library.out, "--skip-existing"])
        #expect(text.failedCleanly, "\(text.summary)")
        #expect(text.stdoutText.contains("0 Live Photo(s), 0 Motion Photo(s) and 0 photo(s)") && text.stdoutText.contains("4 skipped"), "\(text.summary)")
    }

    @Test("two folders whose files would write the same output: refused before any work, naming both")
    func collision() throws {
        let library = try Library(pairs: 1, broken: false)
        defer { library.directory.remove() }
        let other = try library.directory.subdirectory("other")
        // Another photo of the same name (a copy would be a duplicate, converted once).
        let photo = try GeneratedInputs.pair(in: other, name: "photo", ["--still-size", "200x150"])
        try FileManager.default.removeItem(at: photo.movie)
        let run = try GlintProcess.run(["export", library.root, other.path, "--as", "still", "--out", library.out, "--json"])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrText.contains("would both write") && run.stderrText.contains(other.path + "/photo.jpg"), "\(run.summary)")
        #expect(library.outputs().isEmpty)
        #expect(try !library.stagingLeft())
    }

    @Test("edit of a folder: each item edited under its own name in its own flavour; a plain photo is a photo, not an error")
    func editFolder() throws {
        let library = try Library(pairs: 1, broken: false)
        defer { library.directory.remove() }
        let run = try GlintProcess.run([
            "edit", library.root, "-r", "--recipe", #"{"saturation": -1, "keyPhoto": 0.05}"#, "--preset", "ultrafast",
            "--out", library.out, "--json",
        ])
        #expect(run.succeeded, "\(run.summary)")
        let summary = try JSONDecoder().decode(LibrarySummary.self, from: run.stdout)
        #expect(summary.counts.livePhotos == 1 && summary.counts.motionPhotos == 1 && summary.counts.photos == 1, "\(summary.counts)")
        #expect(library.outputs() == ["PXL_1.MP.jpg", "a/IMG_1000.jpg", "a/IMG_1000.mov", "photo.jpg"])
        let photoNotes = summary.items.first { $0.kind == .photo }?.notes ?? []
        #expect(photoNotes.contains { $0.contains("keyPhoto") }, "\(photoNotes)")
        let inspect = try GlintProcess.run(["inspect", library.out, "-r", "--json"])
        let inspection = try JSONDecoder().decode(LibraryInspection.self, from: inspect.stdout)
        #expect(inspection.livePhotos.count == 1, "\(inspect.summary)")
        #expect(inspection.files.first { $0.path.hasSuffix("PXL_1.MP.jpg") }?.motionPhoto != nil, "\(inspect.summary)")

        // One plain photo on its own is edited too, in its own format.
        let single = try GlintProcess.run(["edit", library.root + "/photo.jpg", "--recipe", #"{"maxDimension": 80}"#, "--out", library.out + "/one", "--json"])
        #expect(single.succeeded, "\(single.summary)")
        let edited = try #require(try single.jsonObject()["width"] as? Int, "\(single.summary)")
        #expect(edited == 80)
    }

    @Test(
        "an item that fails while it converts (trimming a Motion Photo's AAC sound, which Glint does not do) is named by its own file; the others are written")
    func failureNamesTheInput() throws {
        let library = try Library(pairs: 1, broken: false)
        defer { library.directory.remove() }
        let run = try GlintProcess.run([
            "edit", library.root, "-r", "--recipe", #"{"trim": {"start": 0, "end": 0.1}}"#, "--preset", "ultrafast", "--out", library.out, "--json",
        ])
        #expect(run.failedCleanly, "\(run.summary)")
        let summary = try JSONDecoder().decode(LibrarySummary.self, from: run.stdout)
        let failure = try #require(summary.failures.first, "\(run.summary)")
        #expect(failure.path == library.root + "/PXL_1.MP.jpg" && failure.message.hasPrefix(library.root + "/PXL_1.MP.jpg: "), "\(failure)")
        #expect(!failure.message.contains("glint-staging") && !run.stderrText.contains("glint-staging"), "\(run.summary)")
        #expect(summary.counts.livePhotos == 1 && summary.counts.photos == 1 && summary.counts.failed == 1, "\(summary.counts)")
        #expect(library.outputs() == ["a/IMG_1000.jpg", "a/IMG_1000.mov", "photo.jpg"])
    }

    /// A library big enough that a run of it as GIFs, one item at a time, takes seconds.
    static func slowLibrary() throws -> Library {
        try Library(pairs: 12, broken: false, fixtureOptions: ["--frames", "24", "--frame-size", "320x240"])
    }

    /// Starts `glint` with `arguments`, its standard error a terminal so that it draws its progress
    /// bar, and returns once the bar said `items` items are done (an item is counted once its
    /// outputs are in --out) and the terminal stopped the run there, or once the run ended before.
    ///
    /// The terminal stops its output (XOFF, as Ctrl-S does) as soon as it reads that redraw: the
    /// run's next redraw, after its next item, then blocks the run until it is killed. So the run is
    /// mid-way when the test acts, however long this process takes to get there on a busy machine.
    static func startAndWait(_ arguments: [String], items: Int) async throws -> Process {
        let terminal = try ProgressTerminal()
        let process = Process()
        process.executableURL = try #require(GlintProcess.executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = terminal.childSide
        try process.run()
        terminal.relay(stoppingAt: items)
        _ = try await Waiting.within(.seconds(180), "the progress bar to say \(items) item(s) are done") {
            await terminal.output.line { $0 == ProgressTerminal.stoppedLine }
        }
        return process
    }

    @Test(
        "a run killed with SIGKILL mid-way leaves no partial or temporary file under --out; --skip-existing finishes it and removes the staging folder",
        arguments: [1, 5])
    func killedAndResumed(afterOutputs outputs: Int) async throws {
        let library = try Self.slowLibrary()
        defer { library.directory.remove() }
        let arguments = ["export", library.root, "-r", "--as", "gif", "--out", library.out, "--jobs", "1"]
        let process = try await Self.startAndWait(arguments, items: outputs)
        kill(process.processIdentifier, SIGKILL)
        let ended = try await ProcessExit.status(of: process, within: .seconds(60))
        try #require(ended == .signalled(SIGKILL), "the run ended before it was killed (\(ended)): \(library.outputs())")
        #expect(try library.stagingLeft(), "a killed run cannot remove its staging folder: it is beside --out, not under it")
        let written = library.outputs()
        #expect(written.count >= outputs && written.count < 14, "\(written)")
        for file in written {
            #expect(!file.split(separator: "/").contains { $0.hasPrefix(".") }, "a hidden or temporary file: \(file)")
            try Self.expectWhole(file, in: library)
        }
        let resumed = try GlintProcess.run(arguments + ["--skip-existing", "--json"])
        #expect(resumed.succeeded, "\(resumed.summary)")
        let summary = try JSONDecoder().decode(LibrarySummary.self, from: resumed.stdout)
        #expect(summary.counts.skipped >= written.count - 1, "every item whose outputs were all there is skipped: \(summary.counts)")
        #expect(summary.counts.skipped + summary.counts.livePhotos + summary.counts.motionPhotos + summary.counts.photos == 14, "\(summary.counts)")
        #expect(library.outputs().count == 14, "\(library.outputs())")
        #expect(try !library.stagingLeft(), "the killed run's staging folder was removed by the next run")
    }

    /// A GIF written has every frame (24 for the generated pairs, 6 for the Motion Photo).
    static func expectWhole(_ file: String, in library: Library, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard file.hasSuffix(".gif") else { return }
        let frames = try gifFrames(library.out + "/" + file)
        #expect(frames == (file.hasPrefix("PXL_1") ? 6 : 24), "\(file) is whole", sourceLocation: sourceLocation)
    }

    /// The frames of a GIF, as ffprobe counts them (a GIF cut short does not open).
    static func gifFrames(_ path: String) throws -> Int? {
        let ffprobe = try #require(ExternalTool.find("ffprobe"))
        let run = try ExternalTool.run(ffprobe, ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path])
        guard run.succeeded else { return nil }
        return Int(run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("SIGINT stops a run mid-way with status 130 and removes its staging folder; nothing partial is left")
    func interrupted() async throws {
        let library = try Self.slowLibrary()
        defer { library.directory.remove() }
        let arguments = ["export", library.root, "-r", "--as", "gif", "--out", library.out, "--jobs", "1"]
        let process = try await Self.startAndWait(arguments, items: 2)
        kill(process.processIdentifier, SIGINT)
        let ended = try await ProcessExit.status(of: process, within: .seconds(60))
        #expect(ended == .exited(130), "\(ended)")
        #expect(try !library.stagingLeft())
        let written = library.outputs()
        #expect(written.count >= 2 && written.count < 14, "\(written)")
        for file in written { try Self.expectWhole(file, in: library) }
    }
}

/// A pseudo-terminal for a child's standard error: `glint` draws its progress bar only on a
/// terminal (`[######----]  21% 3 of 14 items, 1.2/s, 0m09s left`, each redraw after a `\r`), and
/// a test waits for the bar to say how far a run got. What the child draws is relayed into
/// ``output``, each redraw a line.
private final class ProgressTerminal: Sendable {
    /// What the child drew, a line a redraw, then ``stoppedLine`` once the terminal stopped it.
    let output = ProcessOutput()
    /// The terminal to hand the child as its standard error (closed here by ``relay(stoppingAt:)``).
    let childSide: FileHandle
    private let ownSide: Int32
    /// The line ``output`` gets once the terminal's output is stopped.
    static let stoppedLine = "<output stopped>"

    init() throws {
        let own = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard own >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var name = [CChar](repeating: 0, count: 128)
        let child = Self.unlock(own) == 0 && Self.name(own, &name, name.count) == 0 ? open(String(cString: name), O_RDWR | O_NOCTTY | O_CLOEXEC) : -1
        guard child >= 0 else {
            close(own)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        ownSide = own
        childSide = FileHandle(fileDescriptor: child, closeOnDealloc: true)
    }

    /// Closes the child's side here (the child has its own) and relays what the child draws, on a
    /// thread of its own, until every holder of that side closed it. Once a redraw says `items`
    /// items are done, that thread stops the terminal's output at once (VSTOP, on by default:
    /// IXON), so that the child's next write to it blocks, and relays ``stoppedLine``.
    func relay(stoppingAt items: Int) {
        try? childSide.close()
        let (ownSide, relayed) = (ownSide, output.pipe.fileHandleForWriting)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var redraw: [UInt8] = []
            var stopped = false
            // read ends with EIO once every holder of the child's side closed it.
            while case let count = read(ownSide, &buffer, buffer.count), count > 0 || (count < 0 && errno == EINTR) {
                let drawn = buffer[..<max(count, 0)]
                try? relayed.write(contentsOf: drawn.map { $0 == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : $0 })
                for byte in drawn { if byte == UInt8(ascii: "\r") { redraw.removeAll() } else { redraw.append(byte) } }
                guard !stopped, let done = Self.itemsDone(in: String(decoding: redraw, as: UTF8.self)), done >= items else { continue }
                var stop = UInt8(0x13)  // VSTOP, ^S
                stopped = write(ownSide, &stop, 1) == 1
                try? relayed.write(contentsOf: Data("\n\(Self.stoppedLine)\n".utf8))
            }
            close(ownSide)
            try? relayed.close()
        }
        .start()
    }

    /// The items done that a redraw of the bar names ("3 of 14 items"); nil for another line.
    static func itemsDone(in line: String) -> Int? {
        guard let end = line.range(of: " items") else { return nil }
        let words = line[..<end.lowerBound].split(separator: " ")
        guard words.count >= 3, words[words.count - 2] == "of" else { return nil }
        return Int(words[words.count - 3])
    }

    /// glibc's `unlockpt(3)` and `ptsname_r(3)`, which Swift's Glibc module does not declare.
    private static let unlock: @convention(c) (Int32) -> Int32 = GlibcSymbol.named("unlockpt")
    private static let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32 = GlibcSymbol.named("ptsname_r")
}
