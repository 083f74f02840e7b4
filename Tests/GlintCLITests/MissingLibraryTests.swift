import Foundation
import GlintTestSupport
import Testing

/// FFmpeg and libheif are opened on first use, not linked (MediaLibraries): commands that do not
/// need them run without them, and commands that do get one clear error line when they cannot be
/// loaded. The libraries are made unloadable by putting impostors first on `LD_LIBRARY_PATH`,
/// where `dlopen` looks before the system's library cache.
@Suite("glint without FFmpeg or libheif", .suiteTimeLimit)
struct MissingLibraryTests {
    /// A directory whose `libavcodec.so.59` is not a shared library at all and whose
    /// `libheif.so.1` is a real shared library (libswresample) that lacks every libheif function.
    static func impostors() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("glint-impostor-libraries")
        try Data("not a shared library\n".utf8).write(to: directory.file("libavcodec.so.59"))
        let candidates = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .map { $0 + "/libswresample.so.4" }
        let donor = try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0) },
            "libswresample.so.4 (libswresample-dev) not found in \(candidates)")
        // The soname is a symbolic link (to libswresample.so.4.x.y): copy the library, not the link.
        let library = URL(fileURLWithPath: donor).resolvingSymlinksInPath()
        try FileManager.default.copyItem(at: library, to: directory.file("libheif.so.1"))
        return directory
    }

    static func environment(_ directory: TemporaryDirectory) -> [String: String] {
        ["LD_LIBRARY_PATH": directory.path]
    }

    @Test(
        "inspect of a Live Photo (JPEG + QuickTime) and rings run with FFmpeg and libheif unloadable",
        .requires(.sharedFixtures))
    func commandsThatNeedNeither() throws {
        let libraries = try Self.impostors()
        defer { libraries.remove() }  // also keeps the directory alive while glint runs
        let inspect = try GlintProcess.run(
            ["inspect", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie],
            extraEnvironment: Self.environment(libraries))
        #expect(inspect.succeeded, "\(inspect.summary)")
        #expect(inspect.stdoutText.contains(CLIFixtures.iphoneIdentifier))
        #expect(inspect.stdoutText.contains("Live Photos:"))

        let output = try TemporaryDirectory("glint-rings-without-ffmpeg")
        let png = output.file("rings.png")
        let rings = try GlintProcess.run(
            [
                "rings", "--move", "420/600", "--exercise", "20/30", "--stand", "6/12",
                "--size", "64", "--out", png.path,
            ],
            extraEnvironment: Self.environment(libraries))
        #expect(rings.succeeded, "\(rings.summary)")
        let bytes = try Data(contentsOf: png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "rings.png is not a PNG")
    }

    @Test(
        "edit of the real pair with FFmpeg unloadable: one error line naming FFmpeg, exit 1, no output",
        .requires(.sharedFixtures))
    func editWithoutFFmpeg() throws {
        let libraries = try Self.impostors()
        defer { libraries.remove() }  // also keeps the directory alive while glint runs
        let output = try TemporaryDirectory("glint-edit-without-ffmpeg")
        let outputFolder = output.file("edited")
        let run = try GlintProcess.run(
            [
                "edit", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie,
                "--recipe", #"{"exposure":0.3}"#, "--out", outputFolder.path,
            ],
            extraEnvironment: Self.environment(libraries))
        #expect(!run.terminatedBySignal, "glint crashed instead of reporting the missing library: \(run.summary)")
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.summary)")
        let line = run.stderrText
        #expect(line.contains("FFmpeg (libavcodec.so.59) cannot be loaded"), "\(line)")
        #expect(line.contains("libavcodec.so.59"), "the reason (dlerror) is missing: \(line)")
        #expect(TemporaryDirectory.contents(of: outputFolder).isEmpty, "glint edit left output behind")
    }

    @Test(
        "inspect of a HEIC with libheif lacking its functions reports the missing function, not a crash",
        .requires(.sharedFixtures))
    func heicWithoutLibheif() throws {
        let libraries = try Self.impostors()
        defer { libraries.remove() }  // also keeps the directory alive while glint runs
        let heic = "\(SharedFixtures.relativeToPackageRoot)/\(SharedFixtures.Name.heicStill)"
        let run = try GlintProcess.run(["inspect", heic], extraEnvironment: Self.environment(libraries))
        #expect(!run.terminatedBySignal, "glint crashed instead of reporting the missing library: \(run.summary)")
        #expect(run.status == 1, "\(run.summary)")
        #expect(
            run.stdoutText.contains("libheif (libheif.so.1) cannot be loaded: libheif.so.1 has no function heif_"),
            "\(run.summary)")
    }

    @Test("the glint executable neither links nor exports FFmpeg or libheif")
    func notLinked() throws {
        try GlintDynamicLinking.expectNotLinked(
            libraries: ["libavformat.so", "libavcodec.so", "libavutil.so", "libswscale.so", "libswresample.so", "libheif.so"],
            symbolPrefixes: ["avcodec_", "avformat_", "heif_", "sws_"])
    }
}
