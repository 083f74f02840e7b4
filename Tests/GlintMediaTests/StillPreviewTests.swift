import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// `StillPreview`: the pages' small JPEGs of a still, displayed as a viewer shows it, in sRGB, within
/// their size and byte budgets.
@Suite("StillPreview", .requires(.sharedFixtures), .suiteTimeLimit)
struct StillPreviewTests {
    @Test(arguments: [SharedFixtures.Name.livePhotoStill, SharedFixtures.Name.heicStill])
    func thumbnailAndDisplayStayWithinTheirBudgets(_ fixture: String) throws {
        let folder = try TemporaryDirectory("glint-preview")
        let source = try StillImageReader.read(path: SharedFixtures.path(fixture))
        let sourceAspect =
            source.orientation.swapsDimensions
            ? Double(source.height) / Double(source.width) : Double(source.width) / Double(source.height)
        for (longSide, budget) in [
            (StillPreview.thumbnailLongSide, StillPreview.thumbnailMaximumBytes), (StillPreview.displayLongSide, StillPreview.displayMaximumBytes),
        ] {
            let bytes = try StillPreview.jpeg(path: SharedFixtures.path(fixture), longSide: longSide, maximumBytes: budget)
            #expect(bytes.count <= budget, "\(fixture) at \(longSide): \(bytes.count) bytes")
            let file = folder.file("\(longSide).jpg")
            try Data(bytes).write(to: file)
            let preview = try StillImageReader.read(path: file.path)
            #expect(max(preview.width, preview.height) == longSide, "\(fixture): \(preview.width)x\(preview.height)")
            #expect(abs(Double(preview.width) / Double(preview.height) - sourceAspect) < 0.01, "displayed aspect kept")
            #expect(try preview.colourSpace() == .sRGB, "no profile: sRGB, converted from the source's space")
        }
    }

    @Test func aTightBudgetLowersTheQualityNotTheSize() throws {
        let path = SharedFixtures.path(SharedFixtures.Name.livePhotoStill)
        let roomy = try StillPreview.jpeg(path: path, longSide: 1280, maximumBytes: 10_000_000)
        let tight = try StillPreview.jpeg(path: path, longSide: 1280, maximumBytes: roomy.count / 2)
        #expect(tight.count <= roomy.count / 2)
        let folder = try TemporaryDirectory("glint-preview")
        try Data(tight).write(to: folder.file("tight.jpg"))
        #expect(try StillImageReader.read(path: folder.file("tight.jpg").path).width == 1280)
    }
}

/// A share page's display picture keeps HDR: an Ultra HDR JPEG within the same byte budget.
@Suite("HDR display pictures", .suiteTimeLimit)
struct HDRPreviewTests {
    @Test(
        "the iPhone HEIC's and the train's display pictures are Ultra HDR with a quarter-size upright map, within budget",
        arguments: ["heic/iphone12pro.heic", "hdr/ultrahdr-train.jpg"])
    func displayKeepsHDR(fixture: String) throws {
        let path = SharedFixtures.path(fixture)
        let bytes = try StillPreview.jpeg(
            path: path, longSide: StillPreview.displayLongSide, maximumBytes: StillPreview.displayMaximumBytes, keepingHDR: true)
        #expect(bytes.count <= StillPreview.displayMaximumBytes)
        let directory = try TemporaryDirectory()
        let out = directory.file("display.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        let file = try RandomAccessFile(path: out)
        let found = try #require(try HDRGainMapProbe.probe(jpeg: file, makerNote: nil))
        #expect(found.report.forms == [.ultraHDR, .iso21496] && found.report.warnings.isEmpty, "\(found.report)")
        let picture = try JPEGDecoder.readHeader(bytes)
        #expect(found.report.mapWidth == picture.width / 4 && found.report.mapHeight == picture.height / 4)
        #expect(max(picture.width, picture.height) == StillPreview.displayLongSide)
        let sdrOnly = try StillPreview.jpeg(path: path, longSide: StillPreview.displayLongSide, maximumBytes: StillPreview.displayMaximumBytes)
        let plain = directory.file("plain.jpg").path
        try Data(sdrOnly).write(to: URL(fileURLWithPath: plain))
        #expect(try HDRGainMapProbe.probe(jpeg: try RandomAccessFile(path: plain), makerNote: nil) == nil, "the thumbnail's way stays SDR")
    }
}
