import Foundation
import GlintTestSupport
import Testing

/// librsvg and cairo are opened on first use, not linked (Sources/CRsvg): a badge from PNG
/// artwork never loads them, and a badge that draws SVG gets one clear error line when they
/// cannot be loaded. As in MissingLibraryTests, impostors first on `LD_LIBRARY_PATH` (where
/// `dlopen` looks before the system's library cache) make them unloadable.
@Suite("glint without librsvg or cairo", .suiteTimeLimit)
struct MissingRsvgTests {
    /// A directory whose `librsvg-2.so.2` and `libcairo.so.2` are not shared libraries at all.
    static func impostors() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("glint-impostor-rsvg")
        for soname in ["librsvg-2.so.2", "libcairo.so.2"] {
            try Data("not a shared library\n".utf8).write(to: directory.file(soname))
        }
        return directory
    }

    @Test(
        "a badge from PNG artwork runs with librsvg and cairo unloadable; built-in (SVG) artwork fails with one line naming librsvg",
        .requires(.sharedFixtures))
    func badgeWithoutRsvg() throws {
        let libraries = try Self.impostors()
        defer { libraries.remove() }  // also keeps the directory alive while glint runs
        let environment = ["LD_LIBRARY_PATH": libraries.path]
        let output = try TemporaryDirectory("glint-badge-without-rsvg")
        // PNG artwork with alpha, drawn by glint itself (rings use neither librsvg nor cairo).
        let artwork = output.file("artwork.png")
        let rings = try GlintProcess.run(
            [
                "rings", "--move", "0.75", "--exercise", "0.5", "--stand", "0.3",
                "--size", "96", "--out", artwork.path,
            ], extraEnvironment: environment)
        try #require(rings.succeeded, "\(rings.summary)")

        let png = output.file("png")
        let badge = try GlintProcess.run(
            [
                "badge", CLIFixtures.iphoneStill, "--kind", "live", "--artwork", artwork.path,
                "--out", png.path,
            ], extraEnvironment: environment)
        #expect(badge.succeeded, "\(badge.summary)")
        #expect(!TemporaryDirectory.contents(of: png).isEmpty, "glint badge wrote nothing")

        let svg = output.file("svg")
        let run = try GlintProcess.run(
            ["badge", CLIFixtures.iphoneStill, "--kind", "live", "--out", svg.path],
            extraEnvironment: environment)
        #expect(!run.terminatedBySignal, "glint crashed instead of reporting the missing library: \(run.summary)")
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.summary)")
        #expect(run.stderrText.contains("librsvg (librsvg-2.so.2), which draws SVG artwork, cannot be loaded"), "\(run.summary)")
        #expect(
            run.stderrText.contains("libcairo.so.2") || run.stderrText.contains("librsvg-2.so.2:"),
            "the reason (dlerror) is missing: \(run.summary)")
        #expect(TemporaryDirectory.contents(of: svg).isEmpty, "glint badge left output behind")
    }

    @Test("the glint executable neither links nor exports librsvg, cairo or GLib")
    func notLinked() throws {
        try GlintDynamicLinking.expectNotLinked(
            libraries: ["librsvg-2", "libcairo", "libglib-2.0", "libgobject-2.0", "libgio-2.0", "libpango"],
            symbolPrefixes: ["rsvg_", "cairo_", "g_object_", "g_error_"])
    }
}
