import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("Affine warp", .suiteTimeLimit)
struct AffineWarpTests {
    @Test func identityReproducesTheImage() {
        let image = VideoTestFrames.movingGradient(width: 37, height: 23, index: 3)
        #expect(image.warped(by: .identity, width: 37, height: 23) == image)
    }

    @Test(arguments: [Orientation.right, .down, .left, .upMirrored, .leftMirrored])
    func quarterTurnsAndMirrorsMatchTheLosslessTransform(orientation: Orientation) {
        let image = VideoTestFrames.movingGradient(width: 40, height: 30, index: 1)
        let (w, h) = orientation.displaySize(width: 40, height: 30)
        // Result coordinates -> source coordinates: the orientation's inverse.
        let map = AffineMap { x, y in orientation.inverse.apply(x: x, y: y, width: Double(w), height: Double(h)) }
        #expect(image.warped(by: map, width: w, height: h) == image.transformed(by: orientation))
    }

    @Test func aTurnedFlatColourStaysThatColourEvenAtTheEdges() {
        var image = RGBImage(width: 90, height: 60)
        for i in stride(from: 0, to: image.pixels.count, by: 3) {
            image.pixels[i] = 200
            image.pixels[i + 1] = 60
            image.pixels[i + 2] = 20
        }
        let turn = AffineMap.rotation(radians: 0.3)
        let map = AffineMap { x, y in
            let p = turn.apply(x: x - 20, y: y - 15)
            return (p.x + 45, p.y + 30)
        }
        let warped = image.warped(by: map, width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let p = warped[x, y]
                #expect(abs(Int(p.r) - 200) <= 1 && abs(Int(p.g) - 60) <= 1 && abs(Int(p.b) - 20) <= 1, "pixel \(x),\(y) is \(p)")
            }
        }
    }

    @Test func enlargingInterpolatesSmoothly() {
        // A horizontal ramp enlarged 4x stays a monotonic ramp (no stair steps beyond rounding).
        var image = RGBImage(width: 16, height: 4)
        for x in 0..<16 { for y in 0..<4 { for c in 0..<3 { image.pixels[(y * 16 + x) * 3 + c] = UInt8(x * 16) } } }
        let map = AffineMap(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0)
        let big = image.warped(by: map, width: 64, height: 16)
        let row = (0..<64).map { Int(big[$0, 8].r) }
        #expect(zip(row, row.dropFirst()).allSatisfy { $1 >= $0 }, "\(row)")
        #expect(Set(row).count > 50, "an enlarged ramp should take many values, got \(Set(row).count)")
    }

    @Test func mappingCapturesComposedFunctions() {
        let map = AffineMap { x, y in (2 * x - y + 3, 0.5 * y + x - 1) }
        #expect(map == AffineMap(a: 2, b: 1, c: -1, d: 0.5, tx: 3, ty: -1))
        let p = map.apply(x: 4, y: 6)
        #expect(p.x == 5 && p.y == 6)
    }
}
