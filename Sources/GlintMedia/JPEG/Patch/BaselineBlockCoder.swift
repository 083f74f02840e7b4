/// Huffman-decodes and -encodes single 8x8 blocks of a baseline scan (ITU T.81 F.1.2, F.2.2).
/// Coefficients are in natural order; DC predictors are per scan component.
enum BaselineBlockCoder {
    /// Decodes one block into `block[offset ..< offset + 64]` (which must be zero), updating the
    /// DC predictor.
    @inline(__always)
    static func decode(
        _ reader: inout EntropyBitReader, dc: HuffmanTable, ac: HuffmanTable, predictor: inout Int,
        into block: UnsafeMutablePointer<Int16>
    ) throws(JPEGSpliceRefusal) {
        let size = try reader.decode(dc)
        guard size <= 11 else { throw JPEGSpliceRefusal("a DC difference is out of range") }
        predictor += reader.receiveExtend(size)
        block[0] = Int16(truncatingIfNeeded: predictor)
        var k = 1
        while k < 64 {
            let symbol = try reader.decode(ac)
            let run = symbol >> 4
            let bits = symbol & 15
            if bits == 0 {
                if run != 15 { break }
                k += 16
                continue
            }
            k += run
            guard k < 64 else { throw JPEGSpliceRefusal("an AC run passes the end of a block") }
            block[BaselineScanHeader.zigzag[k]] = Int16(truncatingIfNeeded: reader.receiveExtend(bits))
            k += 1
        }
    }

    /// Encodes one block (64 coefficients at `block`), updating the DC predictor.
    /// - Throws: ``JPEGSpliceRefusal`` when a symbol the block needs has no code in the tables, or
    ///   a coefficient is outside the baseline range.
    static func encode(
        _ writer: inout EntropyBitWriter, dc: HuffmanTable, ac: HuffmanTable, predictor: inout Int,
        block: UnsafePointer<Int16>
    ) throws(JPEGSpliceRefusal) {
        let value = Int(block[0])
        let difference = value - predictor
        predictor = value
        try emit(&writer, symbolFor: 0, value: difference, table: dc, maxSize: 11)
        var run = 0
        for k in 1..<64 {
            let coefficient = Int(block[BaselineScanHeader.zigzag[k]])
            if coefficient == 0 {
                run += 1
                continue
            }
            while run > 15 {
                try emitSymbol(&writer, 0xF0, ac)
                run -= 16
            }
            try emit(&writer, symbolFor: run << 4, value: coefficient, table: ac, maxSize: 10)
            run = 0
        }
        if run > 0 { try emitSymbol(&writer, 0x00, ac) }
    }

    @inline(__always)
    private static func emit(
        _ writer: inout EntropyBitWriter, symbolFor high: Int, value: Int, table: HuffmanTable,
        maxSize: Int
    ) throws(JPEGSpliceRefusal) {
        let magnitude = abs(value)
        let size = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
        guard size <= maxSize else { throw JPEGSpliceRefusal("a coefficient is outside the baseline range") }
        try emitSymbol(&writer, high | size, table)
        if size > 0 {
            let bits = value < 0 ? value - 1 : value
            writer.write(UInt32(truncatingIfNeeded: bits), size)
        }
    }

    @inline(__always)
    private static func emitSymbol(_ writer: inout EntropyBitWriter, _ symbol: Int, _ table: HuffmanTable) throws(JPEGSpliceRefusal) {
        let length = Int(table.codeLengths[symbol])
        guard length > 0 else {
            throw JPEGSpliceRefusal("the file's Huffman tables have no code for symbol 0x\(String(symbol, radix: 16))")
        }
        writer.write(table.codes[symbol], length)
    }
}
