import Foundation
import GlintTestSupport
import Testing

/// `glint edit` with colour recipes: LUT files resolved against the recipe file, and bad colour
/// recipes refused in one line before any output is written.
@Suite("glint edit colour recipes", .suiteTimeLimit)
struct EditColourRecipeTests {
    /// A bad recipe: the recipe file's text, a `.cube` file to put beside it, and the words the
    /// one-line error must contain.
    struct BadRecipe: Sendable, CustomTestStringConvertible {
        var name: String
        var recipe: String
        var cube: String?
        var words: [String]
        var testDescription: String { name }
    }

    static let badRecipes: [BadRecipe] = [
        BadRecipe(name: "unknown key", recipe: #"{"warmthh":0.5}"#, words: ["unknown key", "\"warmthh\""]),
        BadRecipe(name: "exposure out of range", recipe: #"{"exposure":99}"#, words: ["\"exposure\"", "99"]),
        BadRecipe(name: "missing .cube", recipe: #"{"lut":"missing.cube"}"#, words: ["\"lut\"", "missing.cube", "no such file"]),
        BadRecipe(
            name: "LUT of the wrong size", recipe: #"{"lut":"short.cube","lutIntensity":0.7}"#,
            cube: "TITLE \"short\"\nLUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 7),
            words: ["\"lut\"", "short.cube", "7 entries", "needs 8"]),
        BadRecipe(
            name: "1D LUT", recipe: #"{"lut":"oned.cube"}"#, cube: "LUT_1D_SIZE 2\n0 0 0\n1 1 1\n",
            words: ["\"lut\"", "oned.cube", "1D"]),
    ]

    @Test(arguments: badRecipes)
    func badColourRecipeFailsBeforeAnyOutput(_ bad: BadRecipe) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let pair = try GeneratedInputs.pair(in: work.url, name: "good")
        let recipeFile = work.file("recipe.json")
        try Data(bad.recipe.utf8).write(to: recipeFile)
        if let cube = bad.cube {
            let name = bad.recipe.contains("short.cube") ? "short.cube" : "oned.cube"
            try Data(cube.utf8).write(to: work.file(name))
        }
        let output = work.file("out")
        for json in [false, true] {
            let run = try GlintProcess.run(
                [
                    "edit", pair.still.path, pair.movie.path, "--recipe", recipeFile.path,
                    "--out", output.path, "--preset", "ultrafast",
                ] + (json ? ["--json"] : []))
            #expect(run.failedCleanly && run.status == 1, "\(bad.name): \(run.summary)")
            #expect(run.stderrLines.count == 1, "\(bad.name): stderr must be one line: \(run.summary)")
            for word in bad.words {
                #expect(run.stderrText.contains(word), "\(bad.name): the error does not say \(word): \(run.stderrText)")
            }
            #expect(
                !FileManager.default.fileExists(atPath: output.path)
                    || TemporaryDirectory.contents(of: output).isEmpty, "\(bad.name): output written")
            if json {
                let error = try #require(try run.jsonObject()["error"] as? [String: Any], "\(run.summary)")
                #expect(error["kind"] as? String == "invalidRecipe")
            }
        }
    }

    @Test(.requires(.exiftool))
    func lutPathIsResolvedAgainstTheRecipeFile() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let pair = try GeneratedInputs.pair(in: work.url, name: "good")
        let looks = try work.subdirectory("looks")
        var cube = "LUT_3D_SIZE 2\n"
        for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { cube += "\(1 - r) \(1 - g) \(1 - b)\n" } } }
        try Data(cube.utf8).write(to: looks.appendingPathComponent("invert.cube"))
        let recipe = looks.appendingPathComponent("recipe.json")
        try Data(#"{"lut":"invert.cube","vignette":0.3,"outputColorSpace":"srgb"}"#.utf8).write(to: recipe)
        let output = work.file("out")
        // Run from elsewhere: the relative LUT path must follow the recipe, not the working directory.
        let run = try GlintProcess.run(
            [
                "edit", pair.still.path, pair.movie.path, "--recipe", recipe.path,
                "--out", output.path, "--preset", "ultrafast", "--json",
            ], currentDirectory: work.url)
        #expect(run.succeeded, "\(run.summary)")
        #expect(TemporaryDirectory.contents(of: output).sorted() == ["good.jpg", "good.mov"])
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let profile = try ExternalTool.run(exiftool, ["-s3", "-ProfileDescription", output.appendingPathComponent("good.jpg").path])
        #expect(profile.stdoutText.contains("sRGB IEC61966-2.1"), "\(profile.stdoutText)")
    }
}
