/// Appends big-endian integers and bytes to a growing buffer.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer.
    public init() {}

    /// Number of bytes written.
    public var count: Int { bytes.count }

    /// Appends one byte.
    public mutating func write(_ value: UInt8) { bytes.append(value) }

    /// Appends a big-endian 16-bit integer.
    public mutating func write(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    /// Appends a big-endian 32-bit integer.
    public mutating func write(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    /// Appends a big-endian 64-bit integer.
    public mutating func write(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) }
    }

    /// Appends a big-endian signed 32-bit integer.
    public mutating func write(_ value: Int32) { write(UInt32(bitPattern: value)) }

    /// Appends a big-endian signed 64-bit integer.
    public mutating func write(_ value: Int64) { write(UInt64(bitPattern: value)) }

    /// Appends a four-character code.
    public mutating func write(_ code: FourCC) { write(code.rawValue) }

    /// Appends raw bytes.
    public mutating func write<C: Collection>(bytes other: C) where C.Element == UInt8 { bytes.append(contentsOf: other) }

    /// Appends `count` zero bytes.
    public mutating func writeZeros(_ count: Int) { bytes.append(contentsOf: repeatElement(0, count: count)) }

    /// Overwrites a big-endian 32-bit integer at `offset`.
    public mutating func patch(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8((value >> UInt32(24 - 8 * i)) & 0xFF) }
    }
}
