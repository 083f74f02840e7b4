import Foundation
import GlintMedia

/// Synthetic frames and image comparisons for the video tests.
enum VideoTestFrames {
    /// A colourful gradient that moves with `index`: smooth enough for 4:2:0 to keep it well.
    static func movingGradient(width: Int, height: Int, index: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let shift = Double(index) * 0.07
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width)
                let v = Double(y) / Double(height)
                let i = (y * width + x) * 3
                pixels[i] = UInt8(clamping: Int(40 + 180 * (0.5 + 0.5 * sin(2 * .pi * (u + shift)))))
                pixels[i + 1] = UInt8(clamping: Int(30 + 190 * v))
                pixels[i + 2] = UInt8(clamping: Int(40 + 170 * (0.5 + 0.5 * cos(2 * .pi * (u * 0.5 + v * 0.5 - shift)))))
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// A single-colour image.
    static func flat(width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = r
            pixels[i + 1] = g
            pixels[i + 2] = b
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Peak signal-to-noise ratio of `b` against `a`, in dB (infinity when identical).
    static func psnr(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        for i in 0..<a.pixels.count {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
        }
        let mse = sum / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean of each channel.
    static func meanColour(_ image: RGBImage) -> (r: Double, g: Double, b: Double) {
        var totals = [0.0, 0.0, 0.0]
        for i in 0..<image.pixels.count { totals[i % 3] += Double(image.pixels[i]) }
        let n = Double(image.width * image.height)
        return (totals[0] / n, totals[1] / n, totals[2] / n)
    }
}
