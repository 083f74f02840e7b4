import Foundation

/// Exposure, contrast and saturation applied in linear light.
///
/// The same adjustment gives the same visual change on a still (sRGB or Display P3 transfer) and
/// on a video frame (BT.709 transfer, displayed by Apple's players with the same curve), because
/// both are decoded with the sRGB curve, adjusted in linear light and re-encoded.
///
/// Exposure and contrast act on each channel alone, so they are folded into one 256-entry table
/// from code value to linear light; saturation mixes channels with the Rec. 709 luminance weights.
/// Pixels are adjusted in place, one row at a time; nothing is held in floating point beyond a
/// pixel.
public struct ToneAdjustment: Sendable, Equatable {
    /// Stops of exposure (each doubles linear light).
    public var exposure: Double
    /// Contrast about 18% grey in linear light, -1...1 (0 keeps it).
    public var contrast: Double
    /// Saturation change, -1...1 (0 keeps it, -1 removes colour).
    public var saturation: Double

    /// Creates an adjustment; zero values change nothing.
    public init(exposure: Double = 0, contrast: Double = 0, saturation: Double = 0) {
        self.exposure = exposure
        self.contrast = contrast
        self.saturation = saturation
    }

    /// Whether the adjustment changes nothing.
    public var isIdentity: Bool { exposure == 0 && contrast == 0 && saturation == 0 }

    /// Applies the adjustment to every pixel of `image`.
    public func apply(to image: inout RGBImage) {
        guard !isIdentity else { return }
        let table = decodeTable()
        let encode = TransferCurve.encodeTable
        let scale = Float(TransferCurve.encodeTableSize - 1)
        let keep = Float(1 + saturation)
        let adjustsSaturation = saturation != 0
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            table.withUnsafeBufferPointer { lut in
                encode.withUnsafeBufferPointer { out in
                    func code(_ v: Float) -> UInt8 {
                        out[Int(min(max(v, 0), 1) * scale + 0.5)]
                    }
                    var i = 0
                    let end = pixels.count
                    while i < end {
                        var r = lut[Int(pixels[i])], g = lut[Int(pixels[i + 1])], b = lut[Int(pixels[i + 2])]
                        if adjustsSaturation {
                            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
                            r = y + (r - y) * keep
                            g = y + (g - y) * keep
                            b = y + (b - y) * keep
                        }
                        pixels[i] = code(r)
                        pixels[i + 1] = code(g)
                        pixels[i + 2] = code(b)
                        i += 3
                    }
                }
            }
        }
    }

    /// Code value to adjusted linear light: exposure, then contrast.
    func decodeTable() -> [Float] {
        let gain = pow(2, exposure)
        let gamma = 1 + contrast
        let grey = 0.18
        return (0..<256).map { code in
            var linear = TransferCurve.decode(Double(code) / 255) * gain
            if contrast != 0 { linear = linear <= 0 ? 0 : grey * pow(linear / grey, gamma) }
            return Float(linear)
        }
    }
}

/// The sRGB transfer curve (IEC 61966-2-1), used for stills and frames alike.
public enum TransferCurve {
    /// Entries in ``encodeTable``.
    public static let encodeTableSize = 4096

    /// Linear light (0...1) to 8-bit code values, sampled at `encodeTableSize` points.
    public static let encodeTable: [UInt8] = (0..<encodeTableSize).map { i in
        UInt8((encode(Double(i) / Double(encodeTableSize - 1)) * 255).rounded())
    }

    /// Code value (0...1) to linear light.
    public static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light to code value (0...1).
    public static func encode(_ l: Double) -> Double {
        let l = min(max(l, 0), 1)
        return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
}
