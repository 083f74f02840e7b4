/// Helpers for H.264/HEVC byte streams: Annex B start codes, length-prefixed (MP4) samples,
/// and emulation-prevention bytes.
public enum AnnexB {
    /// Splits an Annex B byte stream (NAL units separated by `00 00 01` or `00 00 00 01`) into
    /// its NAL units, without start codes. Trailing zero bytes of each unit are dropped.
    public static func nalUnits(in stream: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var start: Int?
        var i = 0
        let n = stream.count
        while i + 2 < n {
            if stream[i] == 0, stream[i + 1] == 0, stream[i + 2] == 1 {
                if let s = start { units.append(trimmed(stream[s..<i])) }
                i += 3
                start = i
            } else {
                i += 1
            }
        }
        if let s = start, s < n { units.append(trimmed(stream[s..<n])) }
        return units.filter { !$0.isEmpty }
    }

    /// Converts an Annex B byte stream to NAL units each preceded by a 4-byte big-endian length,
    /// the sample format of MP4 and QuickTime (`lengthSizeMinusOne` = 3).
    public static func lengthPrefixed(_ stream: [UInt8]) -> [UInt8] {
        lengthPrefixed(units: nalUnits(in: stream))
    }

    /// Joins NAL units, each preceded by a 4-byte big-endian length.
    public static func lengthPrefixed(units: [[UInt8]]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(units.reduce(0) { $0 + $1.count + 4 })
        for unit in units {
            let length = UInt32(unit.count)
            output += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            output += unit
        }
        return output
    }

    /// Splits a sample of NAL units each preceded by a `lengthSize`-byte big-endian length.
    /// - Throws: ``MediaError`` (`.corrupt`) when a length runs past the end of the sample.
    public static func units(inLengthPrefixed sample: [UInt8], lengthSize: Int = 4) throws -> [[UInt8]] {
        var units: [[UInt8]] = []
        var i = 0
        while i < sample.count {
            guard i + lengthSize <= sample.count else {
                throw MediaError(.corrupt, "a NAL unit length is cut off at byte \(i)")
            }
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(sample[i + k]) }
            i += lengthSize
            guard length <= sample.count - i else {
                throw MediaError(.corrupt, "a NAL unit of \(length) bytes runs past the end of its sample")
            }
            units.append(Array(sample[i..<(i + length)]))
            i += length
        }
        return units
    }

    /// The raw byte sequence payload (RBSP) of a NAL unit: every `00 00 03` becomes `00 00`.
    public static func removingEmulationPrevention(_ unit: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(unit.count)
        var zeros = 0
        for byte in unit {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            output.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return output
    }

    /// The H.264 `nal_unit_type` (low 5 bits of the first byte).
    public static func h264Type(_ unit: [UInt8]) -> Int { unit.isEmpty ? -1 : Int(unit[0] & 0x1F) }

    /// The HEVC `nal_unit_type` (bits 1...6 of the first byte).
    public static func hevcType(_ unit: [UInt8]) -> Int { unit.isEmpty ? -1 : Int(unit[0] >> 1 & 0x3F) }

    /// A NAL unit without the zero bytes that may precede the next start code.
    private static func trimmed(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        var end = slice.endIndex
        while end > slice.startIndex, slice[end - 1] == 0 { end -= 1 }
        return Array(slice[slice.startIndex..<end])
    }
}
