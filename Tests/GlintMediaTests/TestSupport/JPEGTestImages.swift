import Foundation
import GlintMedia

/// Synthetic images, deterministic random bytes and error helpers for the JPEG tests.
enum JPEGTestImages {
    /// A smooth, colourful image: hue gradients, a soft circle and mid-frequency stripes.
    static func colorful(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(max(width - 1, 1))
                let fy = Double(y) / Double(max(height - 1, 1))
                let dx = fx - 0.5
                let dy = fy - 0.5
                let inCircle = dx * dx + dy * dy < 0.09
                let stripes = 0.5 + 0.5 * sin(Double(x + y) / 6.0)
                let r = inCircle ? 230.0 : 255.0 * fx
                let g = inCircle ? 40.0 : 255.0 * fy
                let b = 60.0 + 150.0 * stripes * (1 - fx)
                let i = (y * width + x) * 3
                pixels[i] = UInt8(max(0, min(255, r.rounded())))
                pixels[i + 1] = UInt8(max(0, min(255, g.rounded())))
                pixels[i + 2] = UInt8(max(0, min(255, b.rounded())))
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The mean absolute difference per channel between two images of the same size.
    static func meanAbsoluteError(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in a.pixels.indices {
            total += abs(Int(a.pixels[i]) - Int(b.pixels[i]))
        }
        return Double(total) / Double(a.pixels.count)
    }

    /// The kind of ``MediaError`` `body` throws, or nil when it throws nothing (or another error).
    static func errorKind(_ body: () throws -> Void) -> MediaError.Kind? {
        do {
            try body()
            return nil
        } catch let error as MediaError {
            return error.kind
        } catch {
            return nil
        }
    }

    /// The offset of the first SOF0 marker in a file parsed by ``JPEGFile``.
    static func startOfFrameOffset(in bytes: [UInt8]) throws -> Int? {
        let file = try JPEGFile(parsing: bytes)
        return file.segments.firstIndex { $0.marker == JPEGMarker.startOfFrameBaseline }
            .map { file.segmentOffsets[$0] }
    }

    /// `bytes` with the SOF0 frame header's height and width replaced.
    static func patchingFrameSize(of bytes: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        guard let offset = try startOfFrameOffset(in: bytes) else { return bytes }
        var patched = bytes
        // FF C0, length (2), precision (1), height (2), width (2).
        patched[offset + 5] = UInt8(height >> 8)
        patched[offset + 6] = UInt8(height & 0xFF)
        patched[offset + 7] = UInt8(width >> 8)
        patched[offset + 8] = UInt8(width & 0xFF)
        return patched
    }
}
