import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// Colour edits that have a known answer: identity and known LUTs, output space conversions, and
/// bad LUTs refused before any work.
@Suite("Colour edits with known results", .suiteTimeLimit)
struct ColourKnownValuesTests {
    /// Edits a generated pair with `json` (LUT paths resolved against `directory`) into `directory/name`.
    static func edit(
        _ json: String, still: String, movie: String, in directory: TemporaryDirectory,
        name: String
    ) throws -> LivePhotoEditor.Result {
        let recipe = try EditRecipe.parse(json: Data(json.utf8), baseDirectory: directory.path)
        return try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file(name).path, options: PairFixtures.fastOptions)
    }

    /// The still and the frame at the still time, as displayed, at 240x180.
    static func pictures(_ result: LivePhotoEditor.Result) throws -> (still: RGBImage, frame: RGBImage) {
        (
            try DisplayedPicture.still(path: result.stillPath, width: 240, height: 180),
            try DisplayedPicture.movieFrame(path: result.moviePath, at: result.stillImageTime ?? 0, width: 240, height: 180).image
        )
    }

    static func meanAbsoluteDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
        zip(a.pixels, b.pixels).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(a.pixels.count)
    }

    @Test(arguments: [SyntheticColourSpace.sRGB, .displayP3])
    func identityCubeChangesNothingMeasurable(space: SyntheticColourSpace) throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillColourSpace = space
            $0.movieColourSpace = space
        }
        try ColourFixtures.writeCube(to: directory.file("identity.cube"), size: 33) { ($0, $1, $2) }
        let plain = try Self.pictures(Self.edit("{}", still: still, movie: movie, in: directory, name: "plain"))
        let looked = try Self.pictures(Self.edit(#"{"lut":"identity.cube"}"#, still: still, movie: movie, in: directory, name: "lut"))
        #expect(ColourDifference.meanCIEDE2000(plain.still, looked.still) < 0.3)
        #expect(ColourDifference.meanCIEDE2000(plain.frame, looked.frame) < 0.5)
    }

    @Test func knownLUTsMapKnownColours() throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url)
        let original = try Self.pictures(Self.edit("{}", still: still, movie: movie, in: directory, name: "plain"))
        func mapped(_ image: RGBImage, _ transform: (UInt8, UInt8, UInt8) -> [UInt8]) -> RGBImage {
            var pixels: [UInt8] = []
            for i in stride(from: 0, to: image.pixels.count, by: 3) {
                pixels += transform(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
            }
            return RGBImage(width: image.width, height: image.height, pixels: pixels)
        }

        // Inverting: every code value c becomes 255 - c (the LUT acts on sRGB code values).
        try ColourFixtures.writeCube(to: directory.file("invert.cube"), size: 2) { (1 - $0, 1 - $1, 1 - $2) }
        let inverted = try Self.pictures(Self.edit(#"{"lut":"invert.cube"}"#, still: still, movie: movie, in: directory, name: "invert"))
        let expectedInverted = (
            mapped(original.still) { [255 - $0, 255 - $1, 255 - $2] },
            mapped(original.frame) { [255 - $0, 255 - $1, 255 - $2] }
        )
        #expect(Self.meanAbsoluteDifference(inverted.still, expectedInverted.0) < 1.5)
        #expect(Self.meanAbsoluteDifference(inverted.frame, expectedInverted.1) < 2.5)

        // Swapping red and blue.
        try ColourFixtures.writeCube(to: directory.file("swap.cube"), size: 5) { ($2, $1, $0) }
        let swapped = try Self.pictures(Self.edit(#"{"lut":"swap.cube"}"#, still: still, movie: movie, in: directory, name: "swap"))
        #expect(Self.meanAbsoluteDifference(swapped.still, mapped(original.still) { [$2, $1, $0] }) < 1.5)
        #expect(Self.meanAbsoluteDifference(swapped.frame, mapped(original.frame) { [$2, $1, $0] }) < 2.5)

        // Half of an inversion meets in the middle: every code value becomes 127.5.
        let half = try Self.pictures(
            Self.edit(
                #"{"lut":"invert.cube","lutIntensity":0.5}"#, still: still, movie: movie,
                in: directory, name: "half"))
        for image in [half.still, half.frame] {
            let mean = image.pixels.reduce(0.0) { $0 + abs(Double($1) - 127.5) } / Double(image.pixels.count)
            #expect(mean < 1.5, "mean distance from mid grey \(mean)")
        }
    }

    /// The first disc of the synthetic scene: its centre in display coordinates and its colour.
    static let discCentre = (x: 0.28, y: 0.35), discColour = (0.85, 0.12, 0.10)

    /// The average colour of a 5x5 block at the disc centre of a 240x180 picture.
    static func discSample(_ image: RGBImage) -> [Double] {
        let (cx, cy) = (Int(discCentre.x * 240), Int(discCentre.y * 180))
        var sum = [0.0, 0.0, 0.0]
        for y in cy - 2...cy + 2 {
            for x in cx - 2...cx + 2 {
                let p = image[x, y]
                sum[0] += Double(p.r)
                sum[1] += Double(p.g)
                sum[2] += Double(p.b)
            }
        }
        return sum.map { $0 / 25 }
    }

    /// `codes` (0...255) in the `from` primaries, converted to the `to` primaries with the
    /// published matrices and clipped: an independent reference for LittleCMS.
    static func reference(_ codes: [Double], from: ColourPrimaries, to: ColourPrimaries) -> [Double] {
        let matrix: [Double] =
            from == .displayP3
            ? [1.2249, -0.2247, 0, -0.0420, 1.0419, 0, -0.0197, -0.0786, 1.0979]  // P3 -> sRGB
            : [0.8225, 0.1774, 0, 0.0332, 0.9669, 0, 0.0171, 0.0724, 0.9108]  // sRGB -> P3
        let linear = codes.map { TransferCurve.decode($0 / 255) }
        return (0..<3).map { row in
            TransferCurve.encode((0..<3).reduce(0) { $0 + matrix[row * 3 + $1] * linear[$1] }) * 255
        }
    }

    @Test(.requires(.exiftool, .ffprobe), arguments: [(SyntheticColourSpace.displayP3, "srgb"), (.sRGB, "display-p3")])
    func outputColourSpaceConvertsPixelsAndTags(source: SyntheticColourSpace, target: String) throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillColourSpace = source
            $0.movieColourSpace = source
        }
        let result = try Self.edit(#"{"outputColorSpace":"\#(target)"}"#, still: still, movie: movie, in: directory, name: "out")
        let toP3 = target == "display-p3"

        // The still carries the new profile, as exiftool reads it.
        let exiftool = try #require(ExternalTool.find("exiftool"), "exiftool is needed")
        let description = try ExternalTool.run(exiftool, ["-s3", "-ProfileDescription", result.stillPath])
        #expect(description.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == (toP3 ? "Display P3" : "sRGB IEC61966-2.1"))
        // The movie's tags and colr box name the new primaries.
        let tags = try VideoFileReader(path: result.moviePath).stream.colourInfo
        #expect(tags.primaries == (toP3 ? .displayP3 : .bt709))
        let entry = try VisualSampleEntry(try #require(try QuickTimeMovie(path: result.moviePath).videoTrack?.sampleDescriptions.first))
        let colr = try #require(entry.extensions.lazy.compactMap(ColourInformationBox.init).first)
        #expect(colr.primaries == (toP3 ? .displayP3 : .bt709))
        let ffprobe = try #require(ExternalTool.find("ffprobe"), "ffprobe is needed")
        let probe = try ExternalTool.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v", "-show_entries",
                "stream=color_primaries", "-of", "csv=p=0", result.moviePath,
            ])
        #expect(probe.stdoutText.contains(toP3 ? "smpte432" : "bt709"), "\(probe.stdoutText)")

        // The red disc's code values are converted as the published matrices say.
        let codes = [Self.discColour.0, Self.discColour.1, Self.discColour.2].map { ($0 * 255).rounded() }
        let expected = Self.reference(
            codes, from: source == .displayP3 ? .displayP3 : .bt709,
            to: toP3 ? .displayP3 : .bt709)
        let pictures = try Self.pictures(result)
        for (name, measured, tolerance) in [
            ("still", Self.discSample(pictures.still), 3.0),
            ("frame", Self.discSample(pictures.frame), 6.0),
        ] {
            for c in 0..<3 {
                #expect(abs(measured[c] - expected[c]) < tolerance, "\(name): \(measured) vs \(expected)")
            }
            if toP3 {
                // An sRGB red is a less saturated P3 red.
                #expect(measured[0] < codes[0] && measured[1] > codes[1], "\(name): \(measured) from \(codes)")
            } else {
                // A P3 red becomes a more saturated sRGB red, its green and blue clipped towards 0.
                #expect(
                    measured[0] > codes[0] + 10 && measured[1] < codes[1] - 10 && measured[2] < codes[2] - 5,
                    "\(name): \(measured) from \(codes)")
            }
        }
    }

    struct BadLUT: Sendable, CustomTestStringConvertible {
        var name: String
        var contents: String?
        var words: [String]
        var testDescription: String { name }
    }

    static let badLUTs: [BadLUT] = [
        BadLUT(name: "missing file", contents: nil, words: ["no such file"]),
        BadLUT(
            name: "wrong number of entries", contents: "LUT_3D_SIZE 3\n" + String(repeating: "0.5 0.5 0.5\n", count: 26),
            words: ["26 entries", "needs 27", "line 27"]),
        BadLUT(name: "1D LUT", contents: "LUT_1D_SIZE 2\n0 0 0\n1 1 1\n", words: ["1D", "line 1"]),
    ]

    @Test(arguments: badLUTs)
    func badLUTIsARecipeErrorBeforeAnyWork(_ bad: BadLUT) throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let cube = directory.file("look.cube")
        if let contents = bad.contents { try Data(contents.utf8).write(to: cube) }
        let recipe = try EditRecipe.parse(json: Data(#"{"exposure":0.5,"lut":"look.cube"}"#.utf8), baseDirectory: directory.path)
        // Inputs that do not exist: the LUT must be refused before they are even opened.
        let output = directory.file("out")
        let error = #expect(throws: RecipeError.self) {
            try LivePhotoEditor.edit(
                stillPath: directory.file("none.jpg").path, moviePath: directory.file("none.mov").path,
                recipe: recipe, outputDirectory: output.path)
        }
        let problem = error?.problem ?? ""
        #expect(problem.contains("\"lut\"") && problem.contains(cube.path), "\(problem)")
        for word in bad.words { #expect(problem.contains(word), "\(problem) should mention \(word)") }
        #expect(!FileManager.default.fileExists(atPath: output.path), "the output folder was created")
    }
}

extension ColourKnownValuesTests {
    @Test func damagedICCProfileNamesTheStillOnlyWhenColourIsEdited() throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) { $0.stillColourSpace = .displayP3 }
        // Damage the profile's header (its size and signature) in place.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: still)))
        let signature = Array("ICC_PROFILE".utf8) + [0]
        let start = try #require((0..<(bytes.count - signature.count)).first { Array(bytes[$0..<($0 + signature.count)]) == signature })
        for i in (start + signature.count + 2)..<(start + signature.count + 2 + 40) { bytes[i] = 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: still))

        let error = #expect(throws: MediaError.self) {
            try Self.edit(#"{"warmth":0.3}"#, still: still, movie: movie, in: directory, name: "warm")
        }
        #expect(error?.file == still)
        #expect(error?.problem.contains("ICC") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: directory.file("warm/pair.jpg").path))
        // A geometry-only edit never reads the profile, and keeps it byte for byte.
        let result = try Self.edit(#"{"rotate":90}"#, still: still, movie: movie, in: directory, name: "turned")
        #expect(try JPEGStill(path: result.stillPath).file.iccProfile() == JPEGStill(path: still).file.iccProfile())
    }
}

extension ColourKnownValuesTests {
    @Test(arguments: [#"{"warmth":0.6,"vignette":0.5}"#, #"{"outputColorSpace":"srgb","saturation":0.3}"#])
    func heicDisplayP3StillChangesLikeItsFrames(recipeJSON: String) throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillFormat = .heic
            $0.stillColourSpace = .displayP3
            $0.movieColourSpace = .displayP3
            $0.codec = "hevc"
        }
        let recipe = try EditRecipe.parse(json: Data(recipeJSON.utf8))
        let options = LivePhotoEditor.Options(encoding: MovieEncoding(codec: .hevc, crf: 18, preset: "ultrafast"))
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file("out").path, options: options)
        let difference = try ColourFixtures.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "\(recipeJSON): edited HEIC still and frame differ by \(difference) ΔE00")
        let edited = try HEICStill(path: result.stillPath)
        if recipeJSON.contains("srgb") {
            // The nclx keeps its transfer and matrix but names sRGB primaries; the ICC profile is sRGB's.
            #expect(edited.nclxProfile?.primaries == 1 && edited.nclxProfile?.transfer == 13)
            #expect(try ColourSpace(iccProfile: try #require(edited.iccProfile)).name == "sRGB IEC61966-2.1")
        } else {
            #expect(edited.nclxProfile == .displayP3)
            #expect(edited.iccProfile == (try ColourSpace.displayP3.iccProfile()))
        }
    }
}
