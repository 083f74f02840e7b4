import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("ImageScaler", .suiteTimeLimit)
struct ImageScalerTests {
    @Test(arguments: [(255, 0, 0), (12, 200, 77), (128, 128, 128), (0, 0, 0), (255, 255, 255), (3, 250, 140)])
    func downscaleOfFlatColourStaysThatColour(_ colour: (Int, Int, Int)) throws {
        let image = VideoTestFrames.flat(width: 403, height: 301, r: UInt8(colour.0), g: UInt8(colour.1), b: UInt8(colour.2))
        let scaled = try ImageScaler().scale(image, crop: PixelRect(x: 3, y: 1, width: 400, height: 300), to: 123, height: 77)
        #expect(scaled.width == 123 && scaled.height == 77)
        for y in 0..<scaled.height {
            for x in 0..<scaled.width where scaled[x, y] != (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)) {
                Issue.record("pixel \(x),\(y) is \(scaled[x, y]), expected \(colour)")
                return
            }
        }
    }

    @Test func outputSizesAndUpscale() throws {
        let scaler = ImageScaler()
        let image = VideoTestFrames.movingGradient(width: 64, height: 48, index: 0)
        let up = try scaler.scale(image, to: 200, height: 150)
        #expect(up.width == 200 && up.height == 150)
        let crop = try scaler.scale(image, crop: PixelRect(x: 10, y: 8, width: 20, height: 20), to: 20, height: 20)
        #expect(crop[0, 0] == image[10, 8])
        #expect(crop[19, 19] == image[29, 27])
        let down = try scaler.scale(image, crop: PixelRect(x: 0, y: 0, width: 64, height: 48), to: 32, height: 24)
        #expect(down.width == 32 && down.height == 24)
        #expect(throws: MediaError.self) { try scaler.scale(image, crop: PixelRect(x: 60, y: 0, width: 10, height: 10), to: 5, height: 5) }
        #expect(throws: MediaError.self) { try scaler.scale(image, to: 0, height: 5) }
    }

    @Test func twelveMegapixelStill() throws {
        let image = VideoTestFrames.flat(width: 4032, height: 3024, r: 90, g: 160, b: 30)
        let scaled = try ImageScaler().scale(image, crop: PixelRect(x: 0, y: 378, width: 4032, height: 2268), to: 1920, height: 1080)
        #expect(scaled.width == 1920 && scaled.height == 1080)
        #expect(scaled[960, 540] == (90, 160, 30))
    }
}
