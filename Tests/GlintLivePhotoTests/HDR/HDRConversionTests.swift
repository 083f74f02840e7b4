import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// Conversions keep HDR: a Live Photo whose still is an Apple HDR HEIC exported as a Motion Photo
/// gives an Ultra HDR JPEG (the Apple map translated into `hdrgm` and ISO 21496-1), or keeps the
/// HEIC and its map under `--motion-container heic`; the HDR rendition survives the translation.
@Suite("HDR gain maps kept through conversions", .suiteTimeLimit)
struct HDRConversionTests {
    /// The iPhone 12 Pro HDR HEIC made the still of the shared Live Photo movie (its identifier
    /// written into the MakerNote; the picture scaled down to keep the test short).
    static func pair(in directory: TemporaryDirectory) throws -> (still: String, movie: String) {
        let movie = SharedFixtures.path(SharedFixtures.Name.livePhotoMovie)
        let identifier = try #require(try QuickTimeMovie(path: movie).contentIdentifier)
        let source = try StillImageReader.read(path: SharedFixtures.path(SharedFixtures.Name.heicStill))
        let edited = try StillEditor.edit(source, recipe: EditRecipe(maxDimension: 1600), contentIdentifier: identifier)
        #expect(edited.hdr?.outcome == .kept)
        let still = directory.file("IMG_12.HEIC").path
        try Data(edited.bytes).write(to: URL(fileURLWithPath: still))
        return (still, movie)
    }

    @Test("an Apple HDR HEIC Live Photo exported as a JPEG Motion Photo is Ultra HDR, its HDR rendition kept")
    func appleToUltraHDR() throws {
        let directory = try TemporaryDirectory()
        let (still, movie) = try Self.pair(in: directory)
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: ExporterTests.options(directory))
        let output = try #require(result.files.first { $0.path.hasSuffix(".MP.jpg") }).path
        let photo = try #require(try MotionPhotoReader.read(path: output).motionPhoto)
        #expect(photo.warnings.isEmpty && photo.video.frameCount > 1, "\(photo.warnings)")
        let input = try HDRStill(path: still)
        let converted = try HDRStill(path: output)
        #expect(converted.report.forms == [.ultraHDR, .iso21496] && converted.report.warnings.isEmpty, "\(converted.report)")
        #expect(abs(converted.map.headroom - input.map.headroom) < 0.01)
        // Same picture, same map size: the renditions agree but for the two codings.
        let include = zip(input.unclipped, converted.unclipped).map { $0 && $1 }
        let error = HDRRendition.meanCIEDE2000(try input.rendition(), try converted.rendition(), include: include)
        #expect(error < 2, "mean CIEDE2000 \(error)")
        let packet = try #require(try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: output)))).xmpPacket)
        let items = try #require(MotionPhotoXMPScan.metadata(packet))
        #expect(items.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"])
    }

    @Test("with --motion-container heic the HEIC keeps its Apple map beside the mpvd video")
    func appleStaysAppleInHEIC() throws {
        let directory = try TemporaryDirectory()
        let (still, movie) = try Self.pair(in: directory)
        var options = ExporterTests.options(directory)
        options.motionContainer = .heic
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: options)
        let output = try #require(result.files.first { $0.path.hasSuffix(".MP.heic") }).path
        #expect(try MotionPhotoReader.read(path: output).motionPhoto?.warnings.isEmpty == true)
        let converted = try HDRStill(path: output)
        #expect(converted.report.forms == [.apple] && converted.report.headroomSource == .makerNote)
        #expect(converted.map.image == (try HDRStill(path: still)).map.image, "the coded map is untouched")
    }

    @Test("a Pixel Ultra HDR JPEG converted to HEIC gets an Apple map with its headroom in version 2 XMP")
    func ultraHDRToApple() throws {
        let source = try StillImageReader.read(path: SharedFixtures.path("hdr/ultrahdr-train.jpg"))
        let bytes = try #require(try StillFormatConverter.convert(source, to: .heic, encoding: StillEncoding(jpegQuality: 92)))
        let directory = try TemporaryDirectory()
        let converted = try HDRStill(bytes: bytes, name: "train.heic", in: directory)
        #expect(converted.report.forms == [.apple] && converted.report.appleVersion == "2.0" && converted.report.headroomSource == .xmp)
        // The train's map brightens up to 2^3.40 (10.6 times); Apple's form holds at most 8.
        #expect(abs(converted.map.headroom - min(Foundation.pow(2, 3.40181), AppleHDRHeadroom.maximum)) < 0.01)
        let input = try HDRStill(path: SharedFixtures.path("hdr/ultrahdr-train.jpg"))
        // The map was made even-sized (500x376) for libheif: both are measured at the input's size.
        let (width, height) = (input.map.image.width, input.map.image.height)
        let scaler = ImageScaler()
        let map = GainMap(image: try scaler.scale(converted.map.image, to: width, height: height), channels: 1, encoding: converted.map.encoding)
        let rendition = try HDRRendition.render(try scaler.scale(converted.picture, to: width, height: height), space: converted.space, map: map)
        let within = zip(input.unclipped, input.gains).map { $0 && $1 < 7.9 }
        let error = HDRRendition.meanCIEDE2000(try input.rendition(), rendition, include: within)
        #expect(error < 2.5, "mean CIEDE2000 \(error)")
    }
}

/// A Pixel-style Motion Photo that is Ultra HDR at once, edited as a Motion Photo: the map turns
/// with the picture, is recomputed for the colour edit, and sits between the still and the video.
@Suite("HDR Motion Photos edited", .suiteTimeLimit)
struct HDRMotionPhotoEditTests {
    @Test("an Ultra HDR Motion Photo edited (turn, exposure) stays Ultra HDR and a Motion Photo")
    func ultraHDRMotionPhoto() throws {
        let directory = try TemporaryDirectory()
        let mp4 = directory.file("video.mp4").path
        try MovieToMP4.convert(try QuickTimeMovie(path: SharedFixtures.path(SharedFixtures.Name.livePhotoMovie)), to: mp4)
        let train = try JPEGFile(parsing: Array(try Data(contentsOf: SharedFixtures.url("hdr/ultrahdr-train.jpg"))))
        let input = directory.file("PXL_1.MP.jpg").path
        try MotionPhotoWriter.write(primary: train, mp4Path: mp4, presentationTimestampUs: 400_000, to: input)
        let recipe = EditRecipe(exposure: 0.3, rotate: 90)
        let result = try MotionPhotoEditor.edit(path: input, recipe: recipe, outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        #expect(result.edit.hdr?.outcome == .recomputed, "\(String(describing: result.edit.hdr))")
        let photo = try #require(try MotionPhotoReader.read(path: result.path).motionPhoto)
        #expect(photo.warnings.isEmpty && photo.video.frameCount > 1, "\(photo.warnings)")
        let output = try HDRStill(path: result.path)
        #expect(output.report.forms == [.ultraHDR, .iso21496] && output.report.warnings.isEmpty, "\(output.report)")
        #expect(output.map.image.width == 375 && output.map.image.height == 500, "the train's 500x375 map, turned")
        let packet = try #require(try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: result.path)))).xmpPacket)
        #expect(try #require(MotionPhotoXMPScan.metadata(packet)).directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"])
    }
}
