import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// Edits keep a still's HDR gain map in the input's form: geometry reaches the map at its own
/// resolution, and after a colour edit the output's HDR rendition is the recipe applied to the
/// input's HDR rendition (mean CIEDE2000 under ``colourTolerance`` on pixels that do not clip),
/// while its SDR picture is exactly what an SDR-only edit writes.
@Suite("HDR gain maps kept through edits", .suiteTimeLimit)
struct HDREditTests {
    static let train = "hdr/ultrahdr-train.jpg"
    /// Mean CIEDE2000 allowed between the output's HDR rendition and the recipe applied to the
    /// input's, SDR white at L* 100 (highlights lie above it).
    static let colourTolerance = 3.0
    /// How far above the best a grey map can do the error may lie.
    static let idealMargin = 0.5
    /// Contrast makes highlights' gains grow (`gain^1.4`): a map left as it was misses them.
    static let colourRecipe = EditRecipe(exposure: -0.3, contrast: 0.4, saturation: 0.2, warmth: 0.2)

    static func edit(_ path: String, _ recipe: EditRecipe, in directory: TemporaryDirectory) throws -> (StillEditor.Result, HDRStill) {
        let still = try StillImageReader.read(path: path)
        let result = try StillEditor.edit(still, recipe: recipe, contentIdentifier: nil)
        return (result, try HDRStill(bytes: result.bytes, name: URL(fileURLWithPath: path).lastPathComponent, in: directory))
    }

    @Test("Ultra HDR: a crop and a quarter turn move the train's bright wedge on the map, at the map's resolution")
    func ultraHDRGeometry() throws {
        let directory = try TemporaryDirectory()
        let input = try HDRStill(path: SharedFixtures.path(Self.train))
        let recipe = EditRecipe(crop: NormalizedRect(x: 0.5, y: 0, width: 0.5, height: 0.6), rotate: 90)
        let (result, output) = try Self.edit(SharedFixtures.path(Self.train), recipe, in: directory)
        #expect(result.hdr?.outcome == .kept && output.report.forms == [.ultraHDR, .iso21496])
        #expect(output.picture.width == 900 && output.picture.height == 1000)
        #expect(output.map.image.width == 225 && output.map.image.height == 250, "a quarter of the picture, as the input's")
        #expect(output.map.encoding == input.map.encoding, "no colour change: the parameters are the input's")
        var expected = input.map.image
        try expected.crop(to: PixelRect(x: 250, y: 0, width: 250, height: 225))
        expected = expected.transformed(by: .right)
        #expect(try HDRStill.meanDifference(expected, output.map.image) < 3)
        // Unturned, the map no longer matches: the check can fail.
        var unturned = input.map.image
        try unturned.crop(to: PixelRect(x: 250, y: 0, width: 250, height: 225))
        #expect(try HDRStill.meanDifference(unturned, output.map.image) > 10)
    }

    @Test("Ultra HDR: after a colour edit the HDR rendition is the recipe applied to the input's; the SDR picture is an SDR edit's")
    func ultraHDRColour() throws {
        try Self.checkColour(SharedFixtures.path(Self.train))
    }

    @Test("Apple HEIC: the iPhone 12 Pro's map follows a quarter turn and a crop, hidden, with its auxC type and XMP")
    func appleGeometry() throws {
        let directory = try TemporaryDirectory()
        let path = SharedFixtures.path(SharedFixtures.Name.heicStill)
        let input = try HDRStill(path: path)
        let recipe = EditRecipe(crop: NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.5), rotate: 270)
        let (result, output) = try Self.edit(path, recipe, in: directory)
        #expect(result.hdr?.outcome == .kept && output.report.forms == [.apple] && output.report.appleVersion == "1.0")
        #expect(output.map.image.width == 1008 && output.map.image.height == 1512)
        #expect(abs(output.map.headroom - input.map.headroom) < 1e-9 && output.report.headroomSource == .makerNote)
        var expected = input.map.image
        try expected.crop(to: PixelRect(x: 0, y: 1008, width: 1512, height: 1008))
        expected = expected.transformed(by: .left)
        #expect(try HDRStill.meanDifference(expected, output.map.image) < 3)
        try Self.checkWithTools(directory.file("iphone12pro.heic").path, mapWidth: 1008, mapHeight: 1512)
    }

    @Test("Apple HEIC: after a colour edit the map is recomputed and the MakerNote's headroom follows it")
    func appleColour() throws {
        try Self.checkColour(SharedFixtures.path(SharedFixtures.Name.heicStill))
    }

    /// Edits `path` with ``colourRecipe`` and measures both renditions against the recipe applied
    /// to the input's HDR rendition: over every pixel that clips in neither SDR picture, and over
    /// the highlights (where the input's map brightens 1.5 times or more). A grey map cannot
    /// mend a colour the SDR picture's own coding changed, so the error is also held within
    /// ``idealMargin`` of the best any grey map gives (each pixel's luminance ratio, exactly).
    static func checkColour(_ path: String) throws {
        let directory = try TemporaryDirectory()
        let input = try HDRStill(path: path)
        let (result, output) = try edit(path, colourRecipe, in: directory)
        #expect(result.hdr?.outcome == .recomputed)
        #expect(output.report.forms == input.report.forms && output.report.warnings.isEmpty)
        let expected = HDRRendition.adjusted(try input.rendition(), by: try ColourPipeline(recipe: colourRecipe).adjustment)
        let actual = try output.rendition()
        let ideal = try output.idealRendition(of: expected)
        let stale = try HDRRendition.render(output.sdr, space: output.space, map: input.map)
        let include = zip(input.unclipped, output.unclipped).map { $0 && $1 }
        let highlights = zip(include, input.gains).map { $0 && $1 >= 1.5 }
        #expect(include.filter { $0 }.count > include.count / 4 && highlights.filter { $0 }.count > 1000, "pixels to measure")
        for (name, pixels) in [("every pixel", include), ("the highlights", highlights)] {
            let error = HDRRendition.meanCIEDE2000(expected, actual, include: pixels)
            let best = HDRRendition.meanCIEDE2000(expected, ideal, include: pixels)
            #expect(error < colourTolerance && error < best + idealMargin, "\(name): mean CIEDE2000 \(error), a grey map's best \(best)")
            if name == "the highlights" {
                // The input's map left as it was misses by far: the check can fail.
                let missed = HDRRendition.meanCIEDE2000(expected, stale, include: pixels)
                #expect(missed > 2 * error, "the input's map: \(missed), recomputed: \(error)")
            }
        }
        try checkSDRUnchanged(path, picture: output.picture, in: directory)
    }

    /// The SDR picture of an HDR edit is exactly an SDR-only edit's.
    static func checkSDRUnchanged(_ path: String, picture: RGBImage, in directory: TemporaryDirectory) throws {
        var sdrOnly = colourRecipe
        sdrOnly.hdr = .drop
        let plain = try StillEditor.edit(try StillImageReader.read(path: path), recipe: sdrOnly, contentIdentifier: nil)
        #expect(plain.hdr?.outcome == .dropped)
        let plainPath = directory.file("plain" + (path.hasSuffix(".heic") ? ".heic" : ".jpg")).path
        try Data(plain.bytes).write(to: URL(fileURLWithPath: plainPath))
        let plainStill = try StillImageReader.read(path: plainPath)
        #expect(HDRGainMapInspection.report(plainStill, file: try RandomAccessFile(path: plainPath)) == nil, "no map, no claim")
        let plainPicture = try plainStill.decode(
            regionWidth: plainStill.width, regionHeight: plainStill.height, minimumWidth: plainStill.width, minimumHeight: plainStill.height,
            limits: .default
        ).image
        #expect(plainPicture == picture)
    }

    /// libheif lists the map as an auxiliary image (`heif-convert --with-aux` writes it out at
    /// its size) and exiftool reads the tags.
    static func checkWithTools(_ path: String, mapWidth: Int, mapHeight: Int) throws {
        let directory = try TemporaryDirectory()
        let heifConvert = try #require(ExternalTool.find("heif-convert"), "heif-convert (libheif-examples) is needed")
        let exiftool = try #require(ExternalTool.find("exiftool"), "exiftool is needed")
        let converted = try ExternalTool.run(heifConvert, ["--with-aux", "--no-colons", path, directory.file("out.png").path])
        #expect(converted.succeeded, "\(converted.summary)")
        let aux = directory.file("out-urn_com_apple_photo_2020_aux_hdrgainmap.png").path
        let size = try ExternalTool.run(exiftool, ["-s3", "-ImageWidth", "-ImageHeight", aux])
        #expect(size.stdoutText.split(separator: "\n") == ["\(mapWidth)", "\(mapHeight)"])
        let tags = try ExternalTool.run(exiftool, ["-s", "-AuxiliaryImageType", "-HDRGainMapVersion", "-HDRHeadroom", "-HDRGain", path]).stdoutText
        #expect(tags.contains("urn:com:apple:photo:2020:aux:hdrgainmap") && tags.contains("HDRGainMapVersion"), "\(tags)")
        #expect(tags.contains("HDRHeadroom") && tags.contains("HDRGain"), "\(tags)")
    }
}

/// The geometry of every step reaches the map in every form, on stills built with a structured map.
@Suite("HDR gain map geometry on built stills", .suiteTimeLimit)
struct HDRGeometryTests {
    static let recipes: [EditRecipe] = [
        EditRecipe(flip: .horizontal, maxDimension: 480),
        EditRecipe(straighten: 7, crop: NormalizedRect(x: 0.2, y: 0.1, width: 0.7, height: 0.6), rotate: 180),
        EditRecipe(flip: .vertical, crop: NormalizedRect(x: 0, y: 0.3, width: 0.5, height: 0.7), rotate: 90),
    ]

    @Test(
        "Ultra HDR, Apple JPEG (stored turned) and Apple HEIC: flip, straighten, crop, turn and maxDimension reach the map",
        arguments: ["ultra.jpg", "apple.jpg", "apple.heic"])
    func geometry(name: String) throws {
        let directory = try TemporaryDirectory()
        let bytes = name == "ultra.jpg" ? try HDRTestFiles.ultraHDR() : name == "apple.jpg" ? try HDRTestFiles.appleJPEG() : try HDRTestFiles.appleHEIC()
        let input = try HDRStill(bytes: bytes, name: name, in: directory)
        #expect(input.report.forms.first == (name == "ultra.jpg" ? .ultraHDR : .apple) && input.report.warnings.isEmpty, "\(input.report)")
        for (index, recipe) in Self.recipes.enumerated() {
            let result = try StillEditor.edit(input.still, recipe: recipe, contentIdentifier: nil)
            #expect(result.hdr?.outcome == .kept)
            let output = try HDRStill(bytes: result.bytes, name: "\(index)-" + name, in: directory)
            #expect(output.report.forms == input.report.forms && output.report.warnings.isEmpty, "\(output.report)")
            let (mapWidth, mapHeight) = (output.map.image.width, output.map.image.height)
            #expect(abs(Double(mapWidth) / Double(result.geometry.outputWidth) - 0.5) < 0.01, "half the picture: \(mapWidth)x\(mapHeight)")
            let expected = try HDRTestFiles.expectedMap(input.map.image, still: input.still, recipe: recipe, size: (mapWidth, mapHeight))
            #expect(try HDRStill.meanDifference(expected, output.map.image) < 4, "recipe \(index)")
            // The map unedited (only scaled) differs: the check can fail.
            #expect(try HDRStill.meanDifference(input.map.image, output.map.image) > 10, "recipe \(index)")
            try Self.expectTags(directory.file("\(index)-" + name).path, name: name)
        }
    }

    /// exiftool reads each form's tags: the MPF image and `hdrgm` of Ultra HDR, the MakerNote's
    /// headroom and the MPF image of an Apple JPEG, the auxiliary type and headroom of a HEIC.
    static func expectTags(_ path: String, name: String) throws {
        let exiftool = try #require(ExternalTool.find("exiftool"), "exiftool is needed")
        let tags = try ExternalTool.run(
            exiftool, ["-s", "-MPImageLength", "-XMP-hdrgm:Version", "-HDRHeadroom", "-HDRGain", "-AuxiliaryImageType", "-HDRGainMapVersion", path]
        ).stdoutText
        switch name {
        case "ultra.jpg": #expect(tags.contains("MPImageLength") && tags.contains("Version"), "\(tags)")
        case "apple.jpg": #expect(tags.contains("MPImageLength") && tags.contains("HDRHeadroom") && tags.contains("HDRGain"), "\(tags)")
        default: #expect(tags.contains("urn:com:apple:photo:2020:aux:hdrgainmap") && tags.contains("HDRGainMapVersion"), "\(tags)")
        }
    }
}

/// Maps that cannot be carried are reported, and leave no claim behind.
@Suite("HDR gain maps not carried", .suiteTimeLimit)
struct HDRNotCarriedTests {
    @Test("a map cut off by the end of the file: the edit says so and strips the hdrgm, directory and ISO claims")
    func damagedMap() throws {
        let directory = try TemporaryDirectory()
        let source = Array(try Data(contentsOf: SharedFixtures.url("hdr/ultrahdr-train.jpg")))
        let path = directory.file("cut.jpg").path
        try Data(source[..<(1_094_626 + 2000)]).write(to: URL(fileURLWithPath: path))
        let result = try StillEditor.edit(try StillImageReader.read(path: path), recipe: EditRecipe(rotate: 90), contentIdentifier: nil)
        #expect(result.hdr?.outcome == .lost && result.hdr?.note?.contains("missing or damaged") == true, "\(String(describing: result.hdr))")
        let out = directory.file("out.jpg").path
        try Data(result.bytes).write(to: URL(fileURLWithPath: out))
        #expect(try HDRGainMapProbe.probe(jpeg: try RandomAccessFile(path: out), makerNote: nil) == nil, "no claim left")
    }

    @Test("a map whose base is the HDR rendition follows a turn, but is not recomputed for a colour change")
    func hdrBase() throws {
        let directory = try TemporaryDirectory()
        let input = try HDRStill(bytes: try HDRTestFiles.ultraHDR(baseIsHDR: true), name: "base.jpg", in: directory)
        #expect(input.report.ultraHDR?.baseRenditionIsHDR == true)
        let turned = try StillEditor.edit(input.still, recipe: EditRecipe(rotate: 90), contentIdentifier: nil)
        #expect(turned.hdr?.outcome == .kept)
        let coloured = try StillEditor.edit(input.still, recipe: EditRecipe(exposure: 0.5), contentIdentifier: nil)
        #expect(coloured.hdr?.outcome == .lost && coloured.hdr?.note?.contains("base picture") == true)
        let out = directory.file("coloured.jpg").path
        try Data(coloured.bytes).write(to: URL(fileURLWithPath: out))
        #expect(try HDRGainMapProbe.probe(jpeg: try RandomAccessFile(path: out), makerNote: nil) == nil, "no claim left")
    }
}
