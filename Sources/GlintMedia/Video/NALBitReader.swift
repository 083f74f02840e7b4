/// Reads bits and Exp-Golomb codes from a NAL unit's RBSP (emulation prevention removed).
struct NALBitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads `count` bits (at most 32), most significant first.
    mutating func bits(_ count: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard position < bytes.count * 8 else {
                throw MediaError(.corrupt, "a parameter set ends early")
            }
            let bit = bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1
            value = value << 1 | UInt32(bit)
            position += 1
        }
        return value
    }

    /// Reads one bit as a flag.
    mutating func flag() throws -> Bool { try bits(1) == 1 }

    /// Skips `count` bits.
    mutating func skip(_ count: Int) throws {
        guard position + count <= bytes.count * 8 else { throw MediaError(.corrupt, "a parameter set ends early") }
        position += count
    }

    /// Reads an unsigned Exp-Golomb code, `ue(v)`.
    mutating func unsignedGolomb() throws -> UInt32 {
        var zeros = 0
        while try bits(1) == 0 {
            zeros += 1
            guard zeros < 32 else { throw MediaError(.corrupt, "an Exp-Golomb code in a parameter set is too long") }
        }
        return zeros == 0 ? 0 : (1 << UInt32(zeros)) - 1 + (try bits(zeros))
    }
}
