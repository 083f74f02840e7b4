import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// Badges measured from output pixels: flat-colour inputs, so that every pixel the badge changed
/// is found exactly. The solid style's plate fills the badge's box, so the changed pixels' box is
/// the badge's box.
@Suite("Badge compositing, measured from pixels", .suiteTimeLimit)
struct BadgeCompositingTests {
    static let solidAR = try! BadgeSpecification(kinds: [.ar], style: .solid)

    /// Badges `path` and writes the result beside it; returns the output's displayed pixels.
    static func badge(_ path: String, _ specification: BadgeSpecification) throws -> (RGBImage, BadgedImage) {
        let badged = try BadgeCompositor.badge(path: path, specification: specification)
        let output = path + ".out"
        try Data(badged.bytes).write(to: URL(fileURLWithPath: output))
        return (try TestUtils.displayed(output), badged)
    }

    @Test(
        "a batch of sizes and orientations gets the badge in the same displayed corner with 10% clear space",
        .requires(.exiftool))
    func batch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var inputs = [
            try TestUtils.flatPNG(800, 600, in: directory, name: "landscape.png"),
            try TestUtils.flatPNG(600, 800, in: directory, name: "portrait.png"),
            try TestUtils.flatPNG(2000, 300, in: directory, name: "panorama.png"),
            try TestUtils.flatJPEG(900, 500, in: directory, name: "plain.jpg"),
        ]
        // Stored 900x500, displayed 500x900 (EXIF orientation 6: turn 90 degrees clockwise).
        let turned = try TestUtils.flatJPEG(900, 500, in: directory, name: "turned.jpg")
        _ = try TestUtils.exiftool(["-overwrite_original", "-Orientation#=6", turned])
        inputs.append(turned)
        for corner in [BadgeCorner.topLeft, .bottomRight] {
            let specification = try BadgeSpecification(kinds: [.ar], style: .solid, corner: corner)
            for input in inputs {
                let (image, badged) = try Self.badge(input, specification)
                #expect(badged.layout.corner == corner)
                // JPEG blocks ring around the white plate's edges; the plate itself differs from the
                // background by over 100 levels in every channel.
                let boxes = TestUtils.changedBoxes(image, tolerance: badged.format == .jpeg ? 48 : 12)
                try #require(boxes.count == 1, "\(input): \(boxes)")
                let box = boxes[0]
                let height = badged.layout.height
                #expect(abs(box.height - height) <= 1 && abs(box.width - badged.layout.badges[0].rect.width) <= 1, "\(input): \(box)")
                let distances = TestUtils.edgeDistances(box, width: image.width, height: image.height)
                #expect(distances.allSatisfy { $0 * 10 >= box.height }, "\(input): \(box) in \(image.width)x\(image.height)")
                // In the corner asked for: the two distances on its sides are the clear space.
                let near = corner == .topLeft ? [distances[0], distances[1]] : [distances[2], distances[3]]
                #expect(near.allSatisfy { abs($0 - badged.layout.clearSpace) <= 1 }, "\(input): \(distances)")
            }
        }
        // The JPEG with orientation 6 was patched where its pixels are stored, not turned.
        let (image, _) = try Self.badge(turned, Self.solidAR)
        #expect(image.width == 500 && image.height == 900)
        let tags = try TestUtils.exiftool(["-s3", "-Orientation#", "-ImageWidth", turned + ".out"])
        #expect(tags.split(separator: "\n") == ["6", "900"])
    }

    @Test("a 120x90 image gets the glyph alone, and says so")
    func glyphOnlyOnSmallImage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (image, badged) = try Self.badge(try TestUtils.flatPNG(120, 90, in: directory, name: "small.png"), Self.solidAR)
        #expect(badged.layout.badges.first?.fellBackToGlyphOnly == true && badged.layout.badges.first?.kind == .arGlyph)
        let box = try #require(TestUtils.changedBoxes(image).first)
        #expect(box == BadgeRect(x: 3, y: 3, width: 24, height: 24))
    }

    @Test("stacked badges keep 10% of their height apart, measured from the pixels")
    func stackedFromPixels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let specification = try BadgeSpecification(kinds: [.ar, .live, .liveOff], style: .solid, corner: .bottomRight)
        let (image, badged) = try Self.badge(try TestUtils.flatPNG(700, 500, in: directory, name: "stack.png"), specification)
        let boxes = TestUtils.changedBoxes(image)
        try #require(boxes.count == 3, "\(boxes)")
        for (i, box) in boxes.enumerated() {
            #expect(TestUtils.edgeDistances(box, width: 700, height: 500).allSatisfy { $0 * 10 >= box.height })
            if i > 0 { #expect(boxes[i - 1].gap(to: box) * 10 >= box.height, "\(boxes)") }
        }
        // Bottom-up from the corner: the first kind is the lowest.
        #expect(badged.layout.badges.map(\.rect.y) == boxes.map(\.y).reversed())
    }

    @Test("PNG transparency is kept: a badge over a transparent area is the badge itself")
    func transparentPNG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("clear.png").path
        try Data(try PNGEncoder.encode(RGBAImage(width: 400, height: 300))).write(to: URL(fileURLWithPath: path))
        let badged = try BadgeCompositor.badge(path: path, specification: Self.solidAR)
        let output = try PNGDecoder.decode(badged.bytes)
        let rect = try #require(badged.layout.badges.first).rect
        let artwork = try BadgeArtwork.builtIn(.ar, style: .solid).render(height: rect.height)
        for (x, y) in [(0, 0), (rect.width / 2, rect.height / 2), (5, rect.height - 1)] {
            let out = output[rect.x + x, rect.y + y]
            let art = artwork[x, y]
            #expect(out.a == art.a && (art.a == 0 || (out.r == art.r && out.g == art.g && out.b == art.b)), "\(out) vs \(art)")
        }
        #expect(output[399, 299].a == 0)
    }

    @Test("user artwork goes in unaltered: the output is the artwork over the photo, pixel for pixel")
    func userArtworkComposited() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededRandomGenerator(seed: 3)
        // A 1000 px shorter side gives a 60 px badge: the 120x60 artwork is used at its own size.
        let art = RGBAImage(width: 120, height: 60, pixels: random.bytes(120 * 60 * 4))
        let artwork = try BadgeArtwork(bytes: try PNGEncoder.encode(art), file: "art.png")
        let input = try TestUtils.flatPNG(1200, 1000, in: directory, name: "photo.png")
        let (image, badged) = try Self.badge(input, try BadgeSpecification(kinds: [.live], artwork: artwork))
        let rect = try #require(badged.layout.badges.first).rect
        #expect(rect == BadgeRect(x: 6, y: 6, width: 120, height: 60))
        let bg = [Int(TestUtils.background.r), Int(TestUtils.background.g), Int(TestUtils.background.b)]
        var worst = 0
        for y in 0..<60 {
            for x in 0..<120 {
                let a = art[x, y]
                let out = image[6 + x, 6 + y]
                let source = [Int(a.r), Int(a.g), Int(a.b)]
                let result = [Int(out.r), Int(out.g), Int(out.b)]
                for c in 0..<3 {
                    let expected = (Double(source[c]) * Double(a.a) + Double(bg[c]) * Double(255 - Int(a.a))) / 255
                    worst = max(worst, Int(abs(Double(result[c]) - expected).rounded(.up)))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test("bad inputs are refused naming the file")
    func badInputs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let specification = try BadgeSpecification(kinds: [.live])
        let zero = directory.file("zero.png").path
        try Data(PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
            .write(to: URL(fileURLWithPath: zero))
        let empty = directory.file("empty.jpg").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let text = directory.file("notes.png").path
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
        let tiny = try TestUtils.flatPNG(40, 20, in: directory, name: "tiny.png")
        for path in [zero, empty, text, tiny, directory.file("missing.jpg").path] {
            do {
                _ = try BadgeCompositor.badge(path: path, specification: specification)
                Issue.record("\(path) was badged")
            } catch let error as BadgeError {
                #expect(error.file == path, "\(error)")
            } catch let error as MediaError {
                #expect(error.file == path, "\(error)")
            }
        }
    }
}
