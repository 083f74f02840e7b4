/// Reads bits from the entropy-coded data of one JPEG scan segment, with the `0xFF 0x00` byte
/// stuffing already removed. Past the end it reads 1-bits (like padding); the caller checks
/// ``bitOffset`` against the data's length.
struct EntropyBitReader {
    private let data: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var buffer: UInt64 = 0
    private var count = 0

    /// A reader starting at bit `bitOffset` of `data`.
    init(_ data: UnsafeBufferPointer<UInt8>, bitOffset: Int = 0) {
        self.data = data
        position = bitOffset / 8
        let skip = bitOffset % 8
        if skip > 0 {
            fill()
            consume(skip)
        }
    }

    /// The bit offset of the next bit to read.
    var bitOffset: Int { position * 8 - count }
    /// The number of bits of data.
    var bitCount: Int { data.count * 8 }

    @inline(__always)
    private mutating func fill() {
        while count <= 56 {
            let byte: UInt64 = position < data.count ? UInt64(data[position]) : 0xFF
            buffer |= byte << (56 - count)
            position += 1
            count += 8
        }
    }

    @inline(__always)
    private mutating func consume(_ bits: Int) {
        buffer <<= UInt64(bits)
        count -= bits
    }

    /// Reads `bits` (0...16) bits, most significant first.
    @inline(__always)
    mutating func read(_ bits: Int) -> Int {
        guard bits > 0 else { return 0 }
        if count < bits { fill() }
        let value = Int(buffer >> UInt64(64 - bits))
        consume(bits)
        return value
    }

    /// Decodes one Huffman symbol.
    /// - Throws: ``JPEGSpliceRefusal`` for a bit pattern that is no code of `table`.
    @inline(__always)
    mutating func decode(_ table: HuffmanTable) throws(JPEGSpliceRefusal) -> Int {
        if count < 16 { fill() }
        let entry = table.lookup[Int(buffer >> UInt64(64 - HuffmanTable.lookupBits))]
        if entry != 0 {
            consume(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        let peek = Int32(truncatingIfNeeded: buffer >> 48)
        for length in (HuffmanTable.lookupBits + 1)...16 {
            let code = peek >> Int32(16 - length)
            if code <= table.maxCode[length] {
                consume(length)
                return Int(table.symbols[Int(table.valueOffset[length] + code)])
            }
        }
        throw JPEGSpliceRefusal("the entropy-coded data holds an invalid Huffman code")
    }

    /// Reads an `size`-bit magnitude and extends its sign (T.81 F.2.2.1).
    @inline(__always)
    mutating func receiveExtend(_ size: Int) -> Int {
        guard size > 0 else { return 0 }
        let value = read(size)
        return value < (1 << (size - 1)) ? value - (1 << size) + 1 : value
    }
}
