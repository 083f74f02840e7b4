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
        let spans = holeRight > holeLeft ? [left..<holeLeft, holeRight..<right] : [left..<right]
        for span in spans {
            for x in span {
                let dx = Float(x) + 0.5 - centre
                let rho = (dx * dx + dy * dy).squareRoot()
                var colour = SIMD3<Float>.zero
                for arc in arcs where arc.touches(rho: rho) {
                    colour += arc.contribution(x: dx, y: dy, rho: rho)
                }
                if colour == .zero { continue }
                let p = row + x * channels
                p[0] = Self.level(colour.x)
                p[1] = Self.level(colour.y)
                p[2] = Self.level(colour.z)
            }
        }
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
        let full = centre - PixelCoverage.reach, none = centre + PixelCoverage.reach
        for x in 0..<size {
            let dx = Float(x) + 0.5 - centre
            let d2 = dx * dx + dy * dy
            if d2 <= full * full { row[x * 4 + 3] = 255; continue }
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
