import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// Thickness, gap and outer margin measured from the pixels, against the spec's formulas
/// computed here (not read from ``RingGeometry``).
@Suite("Activity Rings measured from pixels", .suiteTimeLimit)
struct RingMeasurementTests {
    /// One band crossed by a line of pixels: where it starts and ends (sub-pixel, from coverage).
    struct Crossing {
        var start: Double
        var end: Double
        var width: Double { end - start }
    }

    /// The bands crossed by `line` (pixel colours in order), each pixel's coverage read as its
    /// brightest channel over the band's interior value. Over black, with a box filter, the
    /// coverages across a band sum to its width, and a partly covered edge pixel places the edge.
    static func crossings(_ line: [SIMD3<Double>]) -> [Crossing] {
        var result: [Crossing] = []
        var i = 0
        while i < line.count {
            guard line[i].max() > 0 else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < line.count, line[j + 1].max() > 0 { j += 1 }
            // Normalise by the band's interior colour (the middle pixel).
            let interior = line[(i + j) / 2]
            let channel = interior.x >= interior.y && interior.x >= interior.z ? 0 : (interior.y >= interior.z ? 1 : 2)
            let coverage = line[i...j].map { min($0[channel] / interior[channel], 1) }
            let start = Double(i) + (1 - coverage.first!)
            let end = Double(j) + coverage.last!
            result.append(Crossing(start: start, end: end))
            i = j + 1
        }
        return result
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var size: Int, scale: Int, margin: Double
        var testDescription: String { "\(size) px @\(scale)x, margin \(margin)" }
    }

    @Test(
        "thickness, gap and margin match the spec's formulas",
        arguments: [
            Case(size: 512, scale: 1, margin: 0.075), Case(size: 200, scale: 2, margin: 0.075),
            Case(size: 96, scale: 3, margin: 0.075), Case(size: 400, scale: 1, margin: 0),
        ])
    func measured(_ c: Case) throws {
        // Full rings, so every band is drawn in full colour below the centre and to its right.
        let request = try RingTestSupport.request(1, 1, 1, size: c.size, scale: c.scale, margin: c.margin)
        let image = try RingTestSupport.render(request).image.rgba
        let s = Double(c.size)
        // The spec: D = S - 2 margin, margin = max(fraction S, gap(D), 1.5 px).
        func gap(_ d: Double) -> Double { d * (0.0432692 - 0.0288462 * min(max((d / Double(c.scale) - 29) / 114, 0), 1)) }
        var d = s - 2 * max(c.margin * s, 1.5)
        if gap(d) > (s - d) / 2 {
            var low = 0.0
            var high = s
            for _ in 0..<100 {
                let mid = (low + high) / 2
                if mid + 2 * gap(mid) > s { high = mid } else { low = mid }
            }
            d = low
        }
        let thickness = d * 11 / 104
        let specGap = gap(d)
        let margin = (s - d) / 2

        let half = c.size / 2
        let down = (half..<c.size).map { RingTestSupport.rgb(image, half, $0) }  // 6 o'clock
        let right = (half..<c.size).map { RingTestSupport.rgb(image, $0, half) }  // 3 o'clock
        for (name, line) in [("down", down), ("right", right)] {
            let bands = Self.crossings(line)
            try #require(bands.count == 3, "\(name): \(bands.count) bands")
            for band in bands {
                #expect(abs(band.width - thickness) <= 0.5, "\(name) thickness \(band.width), spec \(thickness)")
            }
            for (inner, outer) in zip(bands, bands.dropFirst()) {
                #expect(abs(outer.start - inner.end - specGap) <= 0.5, "\(name) gap \(outer.start - inner.end), spec \(specGap)")
            }
            let measuredMargin = Double(line.count) - bands.last!.end
            #expect(abs(measuredMargin - margin) <= 0.5, "\(name) margin \(measuredMargin), spec \(margin)")
            #expect(measuredMargin >= specGap - 0.5, "\(name) margin \(measuredMargin) below the gap \(specGap)")
        }
    }
}
