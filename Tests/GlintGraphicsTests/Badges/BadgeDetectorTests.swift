import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

@Suite("Badge check (--check)", .suiteTimeLimit)
struct BadgeDetectorTests {
    @Test("glint's own output passes, with the corner, size and clear space it was placed with")
    func ownOutputPasses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try TestUtils.flatPNG(900, 700, in: directory, name: "photo.png")
        for (style, corner) in [(BadgeStyle.overlay, BadgeCorner.topLeft), (.solid, .bottomRight)] {
            let specification = try BadgeSpecification(kinds: [.ar], style: style, corner: corner)
            let badged = try BadgeCompositor.badge(path: input, specification: specification)
            let output = directory.file("out-\(style).png").path
            try Data(badged.bytes).write(to: URL(fileURLWithPath: output))
            let report = try BadgeDetector.check(path: output, specification: specification)
            #expect(report.passes, "\(report.problems)")
            let found = try #require(report.badges.first)
            #expect(found.corner == corner && found.kind == .ar)
            #expect(found.rect == badged.layout.badges[0].rect)
            #expect(found.clearSpace.map(\.distance).min() == badged.layout.clearSpace)
        }
    }

    @Test("a badge pasted too close to the edge fails, and an image without one fails")
    func tooCloseFails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let specification = try BadgeSpecification(kinds: [.live])
        var image = RGBImage(width: 800, height: 600)
        for i in 0..<(800 * 600) {
            image.pixels[i * 3] = 90
            image.pixels[i * 3 + 1] = 120
            image.pixels[i * 3 + 2] = 150
        }
        let plain = image
        // 60 px high needs 6 px of clear space; this one has 3 at the right edge.
        let artwork = try BadgeArtwork.builtIn(.live, style: .overlay).render(height: 60)
        AlphaCompositing.over(artwork, onto: &image, x: 800 - 3 - artwork.width, y: 30)
        let path = directory.file("close.png").path
        try Data(try PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        let report = try BadgeDetector.check(path: path, specification: specification)
        #expect(!report.passes)
        let found = try #require(report.badges.first)
        #expect(found.corner == .topRight && found.rect == BadgeRect(x: 800 - 3 - artwork.width, y: 30, width: artwork.width, height: 60))
        #expect(found.clearSpace.first { $0.side == "right" }?.distance == 3 && !found.passes)
        let none = directory.file("none.png").path
        try Data(try PNGEncoder.encode(plain)).write(to: URL(fileURLWithPath: none))
        let missing = try BadgeDetector.check(path: none, specification: specification)
        #expect(!missing.passes && missing.badges.isEmpty)
    }
}

@Suite("Badges on the real phone stills", .suiteTimeLimit)
struct BadgeRealStillTests {
    @Test(
        "the 12 MP iPhone JPEG: badge applied, found by --check, EXIF and MakerNote kept",
        .requires(.sharedFixtures, .exiftool))
    func realJPEG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = SharedFixtures.livePhotoStill
        let specification = try BadgeSpecification(kinds: [.live])
        let badged = try BadgeCompositor.badge(path: input, specification: specification)
        let output = directory.file("IMG_train.jpg").path
        try Data(badged.bytes).write(to: URL(fileURLWithPath: output))
        #expect(badged.layout.badges[0].rect == BadgeRect(x: 19, y: 19, width: 420, height: 181))
        // Patched, not re-encoded: every marker segment before the scan is the input's, byte for byte.
        #expect(badged.method == .splice)
        let before = try JPEGFile(parsing: try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill))
        let after = try JPEGFile(parsing: badged.bytes)
        #expect(after.bytes[..<after.imageDataRange.lowerBound] == before.bytes[..<before.imageDataRange.lowerBound])
        let report = try BadgeDetector.check(path: output, specification: specification)
        #expect(report.passes && report.badges.first?.rect == badged.layout.badges[0].rect, "\(report)")
        let tags = ["-s3", "-MediaGroupUUID", "-Make", "-Model", "-DateTimeOriginal", "-GPSLatitude", "-ImageSize"]
        #expect(try TestUtils.exiftool(tags + [output]) == (try TestUtils.exiftool(tags + [input])))
        #expect(try TestUtils.exiftool(["-s3", "-MediaGroupUUID", output]).contains("E905E6C6-C747-4805-942F-9904A0281F02"))
    }

    @Test(
        "the iPhone 12 Pro HEIC (turned by its container): badge in the displayed top-left corner, metadata kept",
        .requires(.fixture(SharedFixtures.Name.heicStill), .exiftool))
    func realHEIC() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = SharedFixtures.path(SharedFixtures.Name.heicStill)
        let specification = try BadgeSpecification(kinds: [.ar], style: .solid)
        let badged = try BadgeCompositor.badge(path: input, specification: specification)
        #expect(badged.format == .heic && badged.layout.displayedWidth == 3024 && badged.layout.displayedHeight == 4032)
        let output = directory.file("iphone12pro.heic").path
        try Data(badged.bytes).write(to: URL(fileURLWithPath: output))
        let original = try TestUtils.displayed(input)
        let result = try TestUtils.displayed(output)
        #expect(result.width == original.width && result.height == original.height)
        // The white plate is in the displayed top-left corner, where the photo was not white.
        let rect = badged.layout.badges[0].rect
        let centre = result[rect.x + rect.width - 6, rect.y + rect.height / 2]
        #expect(centre.r > 235 && centre.g > 235 && centre.b > 235, "\(centre)")
        let report = try BadgeDetector.check(path: output, specification: specification)
        #expect(report.passes && report.badges.first?.corner == .topLeft && report.badges.first?.rect == rect, "\(report)")
        let tags = ["-s3", "-Make", "-Model", "-DateTimeOriginal", "-ProfileDescription", "-LensModel"]
        #expect(try TestUtils.exiftool(tags + [output]) == (try TestUtils.exiftool(tags + [input])))
    }
}
