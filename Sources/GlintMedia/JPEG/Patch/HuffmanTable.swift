/// One Huffman table of a JPEG (a DHT entry), ready for decoding and encoding (ITU T.81 Annex C).
struct HuffmanTable: Sendable {
    /// Codes of up to this many bits decode with one table look-up.
    static let lookupBits = 9

    /// `lookup[next 9 bits]` = length << 8 | symbol, or 0 when the code is longer.
    let lookup: [UInt16]
    /// For each length 1...16: the largest code of that length (-1 when none).
    let maxCode: [Int32]
    /// For each length: the index in ``symbols`` of its first code, minus that code.
    let valueOffset: [Int32]
    /// The symbols in code order.
    let symbols: [UInt8]
    /// The code of each symbol (meaningful where ``codeLengths`` is not 0).
    let codes: [UInt32]
    /// The length of each symbol's code, 0 when the table has no code for it.
    let codeLengths: [UInt8]

    /// Builds the table from the 16 code-length counts and the symbols of a DHT entry.
    /// - Throws: ``JPEGSpliceRefusal`` when the counts overflow the code space.
    init(counts: [UInt8], symbols: [UInt8]) throws(JPEGSpliceRefusal) {
        guard counts.count == 16, symbols.count == counts.reduce(0, { $0 + Int($1) }), symbols.count <= 256 else {
            throw JPEGSpliceRefusal("a Huffman table's counts do not match its symbols")
        }
        var lookup = [UInt16](repeating: 0, count: 1 << Self.lookupBits)
        var maxCode = [Int32](repeating: -1, count: 18)
        var valueOffset = [Int32](repeating: 0, count: 18)
        var codes = [UInt32](repeating: 0, count: 256)
        var codeLengths = [UInt8](repeating: 0, count: 256)
        var code: UInt32 = 0
        var index = 0
        for length in 1...16 {
            let count = Int(counts[length - 1])
            valueOffset[length] = Int32(index) - Int32(code)
            for _ in 0..<count {
                // Checked before the code is used: a code past the lengths' space would index
                // past the look-up table.
                guard code < (1 << length) else {
                    throw JPEGSpliceRefusal("a Huffman table has more codes than its lengths allow")
                }
                guard index < symbols.count else {
                    throw JPEGSpliceRefusal("a Huffman table counts more codes than it has symbols")
                }
                let symbol = symbols[index]
                codes[Int(symbol)] = code
                codeLengths[Int(symbol)] = UInt8(length)
                if length <= Self.lookupBits {
                    let shift = Self.lookupBits - length
                    let first = Int(code) << shift
                    for fill in first..<(first + (1 << shift)) { lookup[fill] = UInt16(length << 8) | UInt16(symbol) }
                }
                code += 1
                index += 1
            }
            if count > 0 { maxCode[length] = Int32(code) - 1 }
            code <<= 1
        }
        maxCode[17] = Int32.max
        self.lookup = lookup
        self.maxCode = maxCode
        self.valueOffset = valueOffset
        self.symbols = symbols
        self.codes = codes
        self.codeLengths = codeLengths
    }
}

/// Why the bitstream splice cannot handle a file (or a change): the compositor then takes the
/// coefficient path.
struct JPEGSpliceRefusal: Error, Sendable {
    /// Why, in words.
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
