/// A linear gain applied to LPCM samples in place, with clipping: integers are rounded and held
/// at full scale, floats held to -1...1. A gain of 0 writes silence (0, or half scale for
/// unsigned 8-bit samples).
public struct AudioGain: Sendable, Equatable {
    /// The factor every sample is multiplied by (1 keeps the sound, 0 silences it).
    public var factor: Double

    /// Creates a gain.
    public init(_ factor: Double) {
        self.factor = factor
    }

    /// Whether the gain changes nothing.
    public var isIdentity: Bool { factor == 1 }

    /// Scales every sample of `bytes`, which holds whole frames of `format`.
    public func apply(to bytes: inout [UInt8], format: LPCMFormat) {
        let size = format.bytesPerSample
        let count = bytes.count / size
        let little = format.isLittleEndian
        bytes.withUnsafeMutableBufferPointer { buffer in
            func read(_ index: Int) -> UInt64 {
                var value: UInt64 = 0
                for k in 0..<size {
                    let byte = UInt64(buffer[index * size + (little ? k : size - 1 - k)])
                    value |= byte << UInt64(8 * k)
                }
                return value
            }
            func write(_ value: UInt64, _ index: Int) {
                for k in 0..<size {
                    buffer[index * size + (little ? k : size - 1 - k)] = UInt8(truncatingIfNeeded: value >> UInt64(8 * k))
                }
            }
            switch format.encoding {
            case .float:
                for i in 0..<count {
                    if size == 4 {
                        let sample = Double(Float(bitPattern: UInt32(truncatingIfNeeded: read(i))))
                        write(UInt64(Float(clip(sample * factor)).bitPattern), i)
                    } else {
                        write(clip(Double(bitPattern: read(i)) * factor).bitPattern, i)
                    }
                }
            case .signedInteger, .unsignedInteger:
                let bits = UInt64(8 * size)
                let high = Int64(1) << (bits - 1)
                let unsigned = format.encoding == .unsignedInteger
                for i in 0..<count {
                    let raw = read(i)
                    // Sign-extend (or re-centre unsigned samples) to a signed value.
                    let value = unsigned ? Int64(raw) - high : Int64(bitPattern: raw << (64 - bits)) >> Int64(64 - bits)
                    let scaled = max(-Double(high), min(Double(high - 1), (Double(value) * factor).rounded()))
                    let result = Int64(scaled) + (unsigned ? high : 0)
                    write(UInt64(bitPattern: result), i)
                }
            }
        }
    }

    private func clip(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(-1, value))
    }
}
