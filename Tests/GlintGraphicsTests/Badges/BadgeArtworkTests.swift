import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

@Suite("Badge artwork", .suiteTimeLimit)
struct BadgeArtworkTests {
    /// A user's SVG (not one of Glint's): 120x60, two colours and a translucent shape.
    static let userSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60">
        <rect x="2" y="2" width="116" height="56" rx="12" fill="#E10014"/>
        <circle cx="30" cy="30" r="18" fill="#37DC00" fill-opacity="0.6"/>
        <path d="M60 14 L100 14 L80 46 Z" fill="#00BAE1"/>
        </svg>
        """

    @Test("built-in drawings render at exactly the size asked, every kind and style", arguments: BadgeKind.allCases)
    func builtInSizes(kind: BadgeKind) throws {
        for style in BadgeStyle.allCases {
            let artwork = BadgeArtwork.builtIn(kind, style: style)
            for height in [24, 37, 181] {
                let image = try artwork.render(height: height)
                #expect(image.height == height && image.width == artwork.width(forHeight: height))
                let opaque = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 200 }.count
                #expect(opaque > image.width * image.height / 20, "\(kind) \(style) at \(height) px draws almost nothing")
            }
        }
        // The solid plate fills its box: opaque at the middle of every edge.
        let solid = try BadgeArtwork.builtIn(kind, style: .solid).render(height: 60)
        for (x, y) in [(solid.width / 2, 0), (solid.width / 2, 59), (0, 30), (solid.width - 1, 30)] {
            #expect(solid[x, y].a == 255)
        }
    }

    @Test(
        "a user SVG is rendered as librsvg renders it elsewhere (vips as the reference)",
        .requires(.vips))
    func userSVGMatchesReference() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let svg = directory.file("art.svg")
        try Data(Self.userSVG.utf8).write(to: svg)
        let reference = directory.file("ref.png")
        let run = try ExternalTool.run(try #require(ExternalTool.find("vips")), ["copy", svg.path, reference.path])
        try #require(run.succeeded, "\(run.summary)")
        let expected = try PNGDecoder.decode([UInt8](try Data(contentsOf: reference)))
        let artwork = try BadgeArtwork.load(path: svg.path)
        #expect(artwork.aspectRatio == 2)
        let rendered = try artwork.render(height: 60)
        #expect(rendered.width == expected.width && rendered.height == expected.height)
        var worst = 0
        for i in 0..<rendered.pixels.count { worst = max(worst, abs(Int(rendered.pixels[i]) - Int(expected.pixels[i]))) }
        #expect(worst <= 1, "largest difference from vips's rendering: \(worst)")
        // The colours are the SVG's own: the plate is exactly #E10014 where nothing covers it.
        #expect(rendered[110, 50] == (0xE1, 0x00, 0x14, 255))
    }

    @Test("a user PNG at the badge's size is used pixel for pixel")
    func userPNGUnaltered() throws {
        var random = SeededRandomGenerator(seed: 7)
        let image = RGBAImage(width: 50, height: 25, pixels: random.bytes(50 * 25 * 4))
        let artwork = try BadgeArtwork(bytes: try PNGEncoder.encode(image), file: "art.png")
        #expect(try artwork.render(height: 25) == image)
        let twice = try artwork.render(height: 50)
        #expect(twice.width == 100 && twice.height == 50)
    }

    @Test("colours are converted into a Display P3 photo's space and kept for an sRGB one")
    func colourMatch() throws {
        let red = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 255, 255, 255, 128])
        #expect(try BadgeColourMatch.convert(red, to: .sRGB) == red)
        let p3 = try BadgeColourMatch.convert(red, to: .displayP3)
        // sRGB red is (234, 51, 35) in Display P3 (IEC 61966-2-1 and SMPTE EG 432-1 primaries).
        #expect(abs(Int(p3.pixels[0]) - 234) <= 1 && abs(Int(p3.pixels[1]) - 51) <= 1 && abs(Int(p3.pixels[2]) - 35) <= 1)
        #expect(Array(p3.pixels[4...]) == [255, 255, 255, 128])
    }

    @Test("bad artwork is refused with an error naming the file")
    func badArtwork() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cases: [(String, [UInt8])] = [
            ("broken.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect".utf8)),
            ("nosize.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"5\" height=\"5\"/></svg>".utf8)),
            ("zero.png", PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0]),
            ("text.svg", Array("hello".utf8)),
        ]
        for (name, bytes) in cases {
            let path = directory.file(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try BadgeArtwork.load(path: path)
                Issue.record("\(name) was accepted")
            } catch let error as BadgeError {
                #expect(error.kind == .invalidArtwork && error.file == path, "\(error)")
            }
        }
        let empty = directory.file("empty.svg").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(throws: (any Error).self) { try BadgeArtwork.load(path: empty) }
        #expect(throws: MediaError.self) { try BadgeArtwork.load(path: directory.file("missing.svg").path) }
    }
}
