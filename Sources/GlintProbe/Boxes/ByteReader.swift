/// A bounds-checked, big-endian cursor over bytes.
///
/// Every read checks the remaining length and throws ``MediaError`` (`.truncated`) rather than
/// trapping, so hostile input never crashes the process.
public struct ByteReader {
    /// The bytes being read.
    public let bytes: ArraySlice<UInt8>
    /// Absolute index of the next byte to read (in `bytes`' indices).
    public private(set) var position: Int
    /// What is being read, for error messages ("stts box", "MakerNote").
    public let context: String

    /// Creates a reader over `bytes`, starting at its first index.
    public init<C: Collection>(_ bytes: C, context: String) where C.Element == UInt8 {
        let slice: ArraySlice<UInt8>
        if let s = bytes as? ArraySlice<UInt8> { slice = s } else { slice = ArraySlice(bytes) }
        self.bytes = slice
        self.position = slice.startIndex
        self.context = context
    }

    /// Bytes left to read.
    public var remaining: Int { bytes.endIndex - position }

    /// Whether all bytes have been read.
    public var isAtEnd: Bool { position >= bytes.endIndex }

    private func need(_ count: Int) throws {
        guard count >= 0, count <= remaining else {
            throw MediaError(.truncated, "\(context) ends early (needs \(count) more bytes, \(remaining) left)")
        }
    }

    /// Reads one byte.
    public mutating func readUInt8() throws -> UInt8 {
        try need(1)
        defer { position += 1 }
        return bytes[position]
    }

    /// Reads a big-endian 16-bit integer.
    public mutating func readUInt16() throws -> UInt16 {
        try need(2)
        defer { position += 2 }
        return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
    }

    /// Reads a big-endian 24-bit integer.
    public mutating func readUInt24() throws -> UInt32 {
        try need(3)
        defer { position += 3 }
        return UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
    }

    /// Reads a big-endian 32-bit integer.
    public mutating func readUInt32() throws -> UInt32 {
        try need(4)
        var value: UInt32 = 0
        for i in 0..<4 { value = value << 8 | UInt32(bytes[position + i]) }
        position += 4
        return value
    }

    /// Reads a big-endian 64-bit integer.
    public mutating func readUInt64() throws -> UInt64 {
        try need(8)
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(bytes[position + i]) }
        position += 8
        return value
    }

    /// Reads a big-endian signed 32-bit integer.
    public mutating func readInt32() throws -> Int32 { Int32(bitPattern: try readUInt32()) }

    /// Reads a big-endian signed 64-bit integer.
    public mutating func readInt64() throws -> Int64 { Int64(bitPattern: try readUInt64()) }

    /// Reads a four-character code.
    public mutating func readFourCC() throws -> FourCC { FourCC(rawValue: try readUInt32()) }

    /// Reads `count` bytes.
    public mutating func readBytes(_ count: Int) throws -> ArraySlice<UInt8> {
        try need(count)
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    /// Skips `count` bytes.
    public mutating func skip(_ count: Int) throws {
        try need(count)
        position += count
    }

    /// Reads all remaining bytes.
    public mutating func readRemaining() -> ArraySlice<UInt8> {
        defer { position = bytes.endIndex }
        return bytes[position...]
    }
}
