/// Writes the entropy-coded data of a JPEG scan segment: bits most significant first, a `0x00`
/// stuffed after every `0xFF` byte, 1-bits to pad the last byte.
struct EntropyBitWriter {
    /// The stuffed bytes written so far.
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Bits written so far (before stuffing).
    private(set) var bitCount = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Writes the low `bits` (0...32) bits of `value`.
    @inline(__always)
    mutating func write(_ value: UInt32, _ bits: Int) {
        guard bits > 0 else { return }
        buffer |= (UInt64(value) & ((1 << UInt64(bits)) - 1)) << UInt64(64 - count - bits)
        count += bits
        bitCount += bits
        while count >= 8 {
            let byte = UInt8(truncatingIfNeeded: buffer >> 56)
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
            buffer <<= 8
            count -= 8
        }
    }

    /// Copies bits `range` of the unstuffed `data`.
    mutating func copyBits(of data: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var start = range.lowerBound
        let end = range.upperBound
        // To a byte boundary in the source, then whole bytes (aligned or shifted), then the rest.
        while start < end && start % 8 != 0 {
            write(UInt32(data[start / 8] >> UInt8(7 - start % 8)) & 1, 1)
            start += 1
        }
        if count == 0 {
            var index = start / 8
            let last = end / 8
            bytes.reserveCapacity(bytes.count + (last - index) * 257 / 256 + 8)
            while index < last {
                let byte = data[index]
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
                index += 1
            }
            bitCount += (last - start / 8) * 8
            start = last * 8
        } else {
            while end - start >= 8 {
                write(UInt32(data[start / 8]), 8)
                start += 8
            }
        }
        while start < end {
            write(UInt32(data[start / 8] >> UInt8(7 - start % 8)) & 1, 1)
            start += 1
        }
    }

    /// Pads the last byte with 1-bits and returns the bytes.
    mutating func finish() -> [UInt8] {
        let pad = (8 - count % 8) % 8
        write((1 << UInt32(pad)) - 1, pad)
        return bytes
    }
}
