import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// The synthetic scene, which every generated fixture shows, renders exactly its definition.
@Suite("Synthetic scene", .suiteTimeLimit)
struct SyntheticSceneTests {
    /// The scene by its definition: every pixel the background blended with every disc in turn.
    static func definition(width: Int, height: Int, time t: Double) -> [UInt8] {
        var pixels: [UInt8] = []
        let aspect = Double(width) / Double(height)
        let edge = 1.5 / Double(height)
        for y in 0..<height {
            let v = (Double(y) + 0.5) / Double(height)
            for x in 0..<width {
                let u = (Double(x) + 0.5) / Double(width)
                var colour = v < 0.1 ? [u, u, u] : [0.25 + 0.5 * u, 0.3 + 0.4 * v, 0.75 - 0.45 * u * v]
                for disc in SyntheticScene.discs(at: t) {
                    let dx = (u - disc.x) * aspect
                    let dy = v - disc.y
                    let cover = min(max(0.5 - ((dx * dx + dy * dy).squareRoot() - disc.r) / edge, 0), 1)
                    guard cover > 0 else { continue }
                    for (channel, target) in [disc.red, disc.green, disc.blue].enumerated() {
                        colour[channel] = colour[channel] + (target - colour[channel]) * cover
                    }
                }
                pixels += colour.map { UInt8(($0 * 255).rounded()) }
            }
        }
        return pixels
    }

    @Test(
        "each disc is drawn only where it reaches, and the picture is the same as drawn pixel by pixel",
        arguments: [(160, 120, 0.0), (97, 61, 0.37), (48, 96, 1.0), (320, 180, 0.5), (1, 1, 0.2)])
    func sameAsTheDefinition(width: Int, height: Int, time: Double) {
        let image = SyntheticScene.render(width: width, height: height, time: time)
        let expected = Self.definition(width: width, height: height, time: time)
        let differing = zip(image.pixels, expected).filter { $0 != $1 }.count
        #expect(image.pixels.count == expected.count && differing == 0, "\(width)x\(height) at \(time): \(differing) bytes differ")
    }
}
