import Dispatch

/// Rasterises prepared ``RingArc``s onto a black square canvas, row bands in parallel.
///
/// Each pixel's colour is the sum of the rings' coverage-weighted contributions over black
/// (sRGB-encoded values, rounded to 8 bits). Only the pixels of a row that can touch a band are
/// evaluated: the span between the group's outer edge and the innermost ring's inner edge (plus
/// the anti-aliasing reach); the rest of the canvas stays black. Row bands are spread over the
/// cores with `DispatchQueue.concurrentPerform`; each writes only its own rows.
struct RingRasteriser: Sendable {
    let arcs: [RingArc]
    let geometry: RingGeometry
    let shape: RingCanvasShape

    /// Rows per parallel work item.
    private static let rowsPerBand = 16

    /// The canvas as tightly packed RGB (square shape) or RGBA (straight alpha; circle shape, or
    /// when `alwaysAlpha`).
    func render(alwaysAlpha: Bool = false) -> (pixels: [UInt8], channels: Int) {
        let size = geometry.canvasSize
        let channels = shape == .circle || alwaysAlpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: size * size * channels)
        let bands = (size + Self.rowsPerBand - 1) / Self.rowsPerBand
        pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let first = band * Self.rowsPerBand
                for y in first..<min(first + Self.rowsPerBand, size) {
                    renderRow(y, into: canvas.base + y * size * channels, channels: channels)
                }
            }
        }
        return (pixels, channels)
    }

    /// The destination buffer, shared by the work items; each touches only its own rows.
    private struct Canvas: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
    }

    private func renderRow(_ y: Int, into row: UnsafeMutablePointer<UInt8>, channels: Int) {
        let size = geometry.canvasSize
        let centre = Float(geometry.centre)
        let dy = Float(y) + 0.5 - centre
        if channels == 4 { fillAlpha(row, dy: dy) }

        let outer = Float(geometry.outerEdge) + PixelCoverage.reach + 1
        let inner = Float(geometry.innerEdge) - PixelCoverage.reach - 1
        guard abs(dy) < outer else { return }
        let outerHalf = (outer * outer - dy * dy).squareRoot()
        let innerHalf: Float = abs(dy) < inner ? (inner * inner - dy * dy).squareRoot() : 0
        let left = max(Int((centre - outerHalf).rounded(.down)), 0)
        let right = min(Int((centre + outerHalf).rounded(.up)), size)
        let holeLeft = max(Int((centre - innerHalf).rounded(.up)), left)
        let holeRight = min(Int((centre + innerHalf).rounded(.down)), right)
        arcs.withUnsafeBufferPointer { arcs in
            if holeRight > holeLeft {
                renderSpan(left..<holeLeft, dy: dy, arcs: arcs, row: row, channels: channels)
                renderSpan(holeRight..<right, dy: dy, arcs: arcs, row: row, channels: channels)
            } else {
                renderSpan(left..<right, dy: dy, arcs: arcs, row: row, channels: channels)
            }
        }
    }

    @inline(__always)
    private func renderSpan(
        _ span: Range<Int>, dy: Float, arcs: UnsafeBufferPointer<RingArc>,
        row: UnsafeMutablePointer<UInt8>, channels: Int
    ) {
        let centre = Float(geometry.centre)
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        var x = span.lowerBound
        // Eight pixels at a time (all in the black between bands, or away from every cap, where
        // colour follows the angle and coverage the radius); one at a time near caps and heads.
        while x + 8 <= span.upperBound {
            // dx grows across the eight pixels, so the distances from the centre are largest at
            // one end and smallest at the other end or where the run crosses the vertical axis.
            let first = Float(x) + 0.5 - centre
            let last = first + 7
            let r0 = (first * first + dy * dy).squareRoot()
            let r7 = (last * last + dy * dy).squareRoot()
            let high = max(r0, r7)
            let low = first <= 0 && last >= 0 ? abs(dy) : min(r0, r7)
            let dx = lanes + first
            var handled = false
            if !arcs.contains(where: { $0.touches(low: low, high: high) }) {
                handled = true  // all in the black between or around the bands
            } else {
                let rho = (dx * dx + dy * dy).squareRoot()
                var sum = (r: SIMD8<Float>(), g: SIMD8<Float>(), b: SIMD8<Float>())
                handled = true
                for i in arcs.indices where arcs[i].touches(low: low, high: high) {
                    guard let c = arcs[i].colours(x: dx, y: dy, rho: rho, wholly: arcs[i].containsWholly(low: low, high: high)) else {
                        handled = false
                        break
                    }
                    sum.r += c.r
                    sum.g += c.g
                    sum.b += c.b
                }
                if handled { Self.store(sum, at: row + x * channels, channels: channels) }
            }
            if !handled { renderPixels(x..<x + 8, dy: dy, arcs: arcs, row: row, channels: channels) }
            x += 8
        }
        renderPixels(x..<span.upperBound, dy: dy, arcs: arcs, row: row, channels: channels)
    }

    @inline(__always)
    private func renderPixels(
        _ span: Range<Int>, dy: Float, arcs: UnsafeBufferPointer<RingArc>,
        row: UnsafeMutablePointer<UInt8>, channels: Int
    ) {
        let centre = Float(geometry.centre)
        for x in span {
            let dx = Float(x) + 0.5 - centre
            let rho = (dx * dx + dy * dy).squareRoot()
            var colour = SIMD3<Float>.zero
            for i in arcs.indices where arcs[i].touches(rho: rho) {
                colour += arcs[i].contribution(x: dx, y: dy, rho: rho)
            }
            if colour == .zero { continue }
            let p = row + x * channels
            p[0] = Self.level(colour.x)
            p[1] = Self.level(colour.y)
            p[2] = Self.level(colour.z)
        }
    }

    @inline(__always)
    private static func store(_ c: (r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>), at p: UnsafeMutablePointer<UInt8>, channels: Int) {
        let r = levels(c.r)
        let g = levels(c.g)
        let b = levels(c.b)
        for lane in 0..<8 {
            let q = p + lane * channels
            q[0] = UInt8(truncatingIfNeeded: r[lane])
            q[1] = UInt8(truncatingIfNeeded: g[lane])
            q[2] = UInt8(truncatingIfNeeded: b[lane])
        }
    }

    /// Eight values in 0...255 rounded to the nearest level, vectorised: adding 2^23 leaves the
    /// rounded integer in the float's low mantissa bits.
    @inline(__always)
    private static func levels(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
        var v = v
        v.replace(with: 0, where: v .< 0)
        v.replace(with: 255, where: v .> 255)
        return unsafeBitCast(v + 8_388_608, to: SIMD8<UInt32>.self)
    }

    /// Alpha for one row: opaque for the square; for the circle, the coverage of the disc of
    /// radius S/2 (the canvas with corner radius S/2).
    private func fillAlpha(_ row: UnsafeMutablePointer<UInt8>, dy: Float) {
        let size = geometry.canvasSize
        guard shape == .circle else {
            for x in 0..<size { row[x * 4 + 3] = 255 }
            return
        }
        let centre = Float(geometry.centre)
        let full = centre - PixelCoverage.reach
        let none = centre + PixelCoverage.reach
        for x in 0..<size {
            let dx = Float(x) + 0.5 - centre
            let d2 = dx * dx + dy * dy
            if d2 <= full * full {
                row[x * 4 + 3] = 255
                continue
            }
            if d2 >= none * none { continue }
            let rho = d2.squareRoot()
            row[x * 4 + 3] = Self.level(255 * PixelCoverage.fraction(inside: centre - rho, nx: dx / rho, ny: dy / rho))
        }
    }

    @inline(__always)
    private static func level(_ v: Float) -> UInt8 {
        UInt8(min(max(v + 0.5, 0), 255))
    }
}
