import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// `glint edit` of Samsung Motion Photos: every HEIC layout (One UI 6's `sefd` beside the `mpvd`
/// used to end in "mpvd box that is not the last box") and the JPEG trailer come out as Motion
/// Photos that Google's readers and Samsung's both find: the Google XMP, and the Samsung trailer
/// written again with its other blocks byte for byte and its video entry pointing at the new MP4.
@Suite("Samsung Motion Photos: edit keeps the flavour", .suiteTimeLimit)
struct SamsungLayoutEditTests {
    static let recipe = #"{"maxDimension": 320, "saturation": -0.5}"#

    /// The real movie as an MP4 in `directory`.
    static func mp4(in directory: TemporaryDirectory) throws -> [UInt8] {
        let path = directory.file("movie.mp4").path
        try MovieToMP4.convert(try QuickTimeMovie(path: SharedFixtures.livePhotoMovie), to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The camera's blocks are in the output's trailer byte for byte, and the video's is last.
    static func expectCameraBlocks(in path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try RandomAccessFile(path: path)
        let blocks = try #require(try SamsungTrailer.blocks(in: file), "no Samsung trailer", sourceLocation: sourceLocation)
        #expect(blocks.map(\.name) == SamsungTrailerBuilder.cameraBlocks.map(\.name) + [SamsungTrailer.motionPhotoName], sourceLocation: sourceLocation)
        for (block, expected) in zip(blocks, SamsungTrailerBuilder.cameraBlocks) {
            #expect(try file.read(at: block.dataOffset, count: Int(block.dataLength)) == expected.data, "\(block.name)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "each HEIC layout edits into a HEIC Motion Photo with every frame and its Samsung trailer, the mpv2 record on the new MP4",
        .requires(.fixture("motionphoto/motionphoto.heic"), .livePhotoPair), arguments: SamsungHEICLayout.allCases)
    func heic(_ layout: SamsungHEICLayout) throws {
        let directory = try TemporaryDirectory("glint-samsung-edit")
        defer { directory.remove() }
        let file = try RandomAccessFile(path: SharedFixtures.path("motionphoto/motionphoto.heic"))
        let mpvd = try #require(try TopLevelBox.scan(file).first { $0.type == "mpvd" })
        let path = directory.file("S23_\(layout.rawValue).heic").path
        let built = layout.build(primary: try file.read(at: 0, count: Int(mpvd.offset)), mp4: try Self.mp4(in: directory))
        try Data(built.bytes).write(to: URL(fileURLWithPath: path))

        let recipe = try EditRecipe.parse(json: Data(Self.recipe.utf8))
        let result = try MotionPhotoEditor.edit(path: path, recipe: recipe, outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        let expected: SamsungTrailerCopy.Placement =
            switch layout {
            case .nested, .versionless: .nestedInVideoBox
            case .sibling: .besideVideoBox
            case .rawTrailer: .afterVideoBox
            }
        #expect(result.samsungTrailer == expected)
        let photo = try #require(try MotionPhotoReader.read(path: result.path).motionPhoto)
        #expect(photo.primaryMime == "image/heic" && photo.source == .heifBox)
        #expect(photo.video.frameCount == 22 && photo.video.decodedFrames == 22)
        #expect(!photo.warnings.contains { $0.contains("mpv2") }, "the record is the MP4's place: \(photo.warnings)")
        #expect(result.edit.stillWidth <= 320 && result.edit.stillHeight <= 320)
        try Self.expectCameraBlocks(in: result.path)
        let output = try RandomAccessFile(path: result.path)
        let record = try #require(try SamsungTrailer.motionPhotoBlock(in: output))
        let video = try SamsungTrailer.videoLocation(of: record, in: output)
        #expect(video.offset == photo.videoOffset && video.length == photo.videoLength, "the record points at the MP4")
    }

    @Test("a Samsung JPEG edits into a JPEG with its trailer (video block last) and Google XMP that both find the MP4", .requires(.livePhotoPair, .exiftool))
    func jpeg() throws {
        let directory = try TemporaryDirectory("glint-samsung-jpeg-edit")
        defer { directory.remove() }
        let still = [UInt8](try Data(contentsOf: URL(fileURLWithPath: SharedFixtures.livePhotoStill)))
        let mp4 = try Self.mp4(in: directory)
        let trailer = SamsungTrailerBuilder.trailer(SamsungTrailerBuilder.cameraBlocks + [SamsungTrailerBuilder.inlineVideo(mp4)])
        let path = directory.file("20240101_120000.jpg").path
        try Data(still + trailer).write(to: URL(fileURLWithPath: path))

        let recipe = try EditRecipe.parse(json: Data(Self.recipe.utf8))
        let result = try MotionPhotoEditor.edit(path: path, recipe: recipe, outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        #expect(result.samsungTrailer == .jpegTrailer && result.output == .samsungTrailer)
        let photo = try #require(try MotionPhotoReader.read(path: result.path).motionPhoto)
        #expect(photo.source == .samsungTrailer && photo.video.frameCount == 22 && photo.video.decodedFrames == 22)
        #expect(photo.warnings.isEmpty, "the XMP and the trailer agree: \(photo.warnings)")
        try Self.expectCameraBlocks(in: result.path)

        // Google's reading: the video starts `Item:Length` bytes before the end of the file.
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let tags = try ExternalTool.run(exiftool, ["-j", "-struct", "-XMP-GCamera:MotionPhoto", "-XMP-Container:Directory", result.path])
        let document = try #require((try JSONSerialization.jsonObject(with: tags.stdout) as? [[String: Any]])?.first, "\(tags.summary)")
        #expect(document["MotionPhoto"] as? Int == 1, "\(tags.summary)")
        let items = (document["Directory"] as? [[String: Any]] ?? []).compactMap { $0["Item"] as? [String: Any] }
        let video = try #require(items.first { $0["Semantic"] as? String == "MotionPhoto" }, "\(tags.summary)")
        let size = try RandomAccessFile(path: result.path).size
        let length = try #require((video["Length"] as? NSNumber)?.int64Value)
        #expect(size - length == photo.videoOffset, "Item:Length \(length) from the end is the MP4's first byte")
        let primaryPadding = (items.first?["Padding"] as? NSNumber)?.int64Value ?? 0
        #expect(
            try JPEGFile(parsing: try RandomAccessFile(path: result.path).readAll()).endOfImageOffset + Int(primaryPadding) == Int(photo.videoOffset),
            "the Primary's Item:Padding after the image is the MP4's first byte too")
        // ExifTool's reading of the trailer: the embedded video is the MP4.
        let extracted = try ExternalTool.run(exiftool, ["-b", "-EmbeddedVideoFile", result.path])
        #expect(Int64(extracted.stdout.count) == photo.videoLength, "\(extracted.summary)")
    }
}
