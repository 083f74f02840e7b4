import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// The files written: PNG with an sRGB chunk that decodes to what was rendered, JPEG on request,
/// a circle refused as JPEG, and nothing left behind on failure.
@Suite("Activity Rings output files", .suiteTimeLimit)
struct RingsOutputTests {
    /// The chunk types of a PNG, in order.
    static func chunkTypes(_ bytes: [UInt8]) -> [String] {
        var types: [String] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            types.append(String(decoding: bytes[i + 4..<i + 8], as: UTF8.self))
            i += 12 + length
        }
        return types
    }

    @Test("PNG: sRGB chunk, 8-bit, decodes to the rendered pixels", arguments: RingCanvasShape.allCases)
    func png(shape: RingCanvasShape) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let rendered = try ActivityRingsRenderer.render(try RingTestSupport.request(0.75, 1.3, 0.5, size: 200, shape: shape))
        let path = work.file("rings.png").path
        try ActivityRingsWriter.write(rendered.image, as: .png, to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = Self.chunkTypes(bytes)
        #expect(chunks.contains("sRGB"))
        #expect(chunks.first == "IHDR")
        #expect(bytes[24] == 8, "bit depth")
        #expect(bytes[25] == (shape == .circle ? 6 : 2), "colour type: RGBA for the circle, RGB for the square")
        #expect(try PNGDecoder.decode(bytes) == rendered.image.rgba)
        #expect(TemporaryDirectory.contents(of: work.url) == ["rings.png"], "no temporary file left")
    }

    @Test func jpegOnRequest() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let rendered = try ActivityRingsRenderer.render(try RingTestSupport.request(0.75, 1.3, 0.5, size: 256))
        let path = work.file("rings.jpg").path
        try ActivityRingsWriter.write(rendered.image, as: .jpeg, to: path)
        let decoded = try JPEGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(decoded.width == 256 && decoded.height == 256)
        let want = rendered.image.rgba.rgb
        // Mid-band pixels survive JPEG closely.
        for ring in ActivityRing.allCases {
            let (x, y) = RingTestSupport.pixel(atAngle: 2.0, radius: rendered.geometry.radius(of: ring), geometry: rendered.geometry)
            let a = decoded[x, y]
            let b = want[x, y]
            #expect(abs(Int(a.r) - Int(b.r)) <= 6 && abs(Int(a.g) - Int(b.g)) <= 6 && abs(Int(a.b) - Int(b.b)) <= 6, "\(ring): \(a) vs \(b)")
        }
    }

    @Test func aCircleIsNotWrittenAsJPEG() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let rendered = try ActivityRingsRenderer.render(try RingTestSupport.request(0.5, 0.5, 0.5, size: 64, shape: .circle))
        let path = work.file("rings.jpg").path
        do {
            try ActivityRingsWriter.write(rendered.image, as: .jpeg, to: path)
            Issue.record("a circle canvas was written as JPEG")
        } catch let error as RingsError {
            #expect(error.kind == .unsupportedOutput)
            #expect(error.file == path)
        }
        #expect(TemporaryDirectory.contents(of: work.url).isEmpty)
    }

    @Test func formatFromTheExtension() {
        #expect(RingsOutputFormat.inferred(from: "a/b.PNG") == .png)
        #expect(RingsOutputFormat.inferred(from: "x.jpeg") == .jpeg)
        #expect(RingsOutputFormat.inferred(from: "dir.jpg/file") == nil)
    }
}
