/// One entry of a TIFF directory (IFD): tag, type, count and the raw value bytes.
///
/// ``value`` holds the value exactly as stored, in the byte order of the structure the entry came
/// from, and is `count x type size` bytes long whether it was stored inline or at an offset.
/// Writing re-places the value (inline when it fits in four bytes, otherwise in the data area),
/// so entries survive byte for byte. For a type whose size is unknown, ``value`` is the four
/// bytes of the value field, written back verbatim.
public struct TIFFEntry: Hashable, Sendable {
    /// The tag number.
    public var tag: UInt16
    /// The value type.
    public var type: TIFFFieldType
    /// The number of elements of ``type``.
    public var count: UInt32
    /// The raw value bytes, in the byte order of the enclosing structure.
    public var value: [UInt8]

    /// Creates an entry from raw parts.
    /// - Parameters:
    ///   - tag: The tag number.
    ///   - type: The value type.
    ///   - count: The number of elements.
    ///   - value: The raw value bytes, `count x type size` long (four bytes for an unknown type).
    public init(tag: UInt16, type: TIFFFieldType, count: UInt32, value: [UInt8]) {
        self.tag = tag
        self.type = type
        self.count = count
        self.value = value
    }

    /// An ASCII entry holding `string` and its terminating NUL.
    public static func ascii(tag: UInt16, _ string: String) -> TIFFEntry {
        let bytes = Array(string.utf8) + [0]
        return TIFFEntry(tag: tag, type: .ascii, count: UInt32(bytes.count), value: bytes)
    }

    /// An UNDEFINED entry holding `bytes`.
    public static func undefined(tag: UInt16, _ bytes: [UInt8]) -> TIFFEntry {
        TIFFEntry(tag: tag, type: .undefined, count: UInt32(bytes.count), value: bytes)
    }

    /// A SHORT entry holding `values` in `byteOrder`.
    public static func short(tag: UInt16, _ values: [UInt16], byteOrder: TIFFByteOrder) -> TIFFEntry {
        TIFFEntry(tag: tag, type: .short, count: UInt32(values.count), value: values.flatMap { byteOrder.bytes($0) })
    }

    /// A LONG entry holding `values` in `byteOrder`.
    public static func long(tag: UInt16, _ values: [UInt32], byteOrder: TIFFByteOrder) -> TIFFEntry {
        TIFFEntry(tag: tag, type: .long, count: UInt32(values.count), value: values.flatMap { byteOrder.bytes($0) })
    }

    /// A RATIONAL entry holding one `numerator/denominator` in `byteOrder`.
    public static func rational(tag: UInt16, _ numerator: UInt32, _ denominator: UInt32, byteOrder: TIFFByteOrder) -> TIFFEntry {
        TIFFEntry(tag: tag, type: .rational, count: 1, value: byteOrder.bytes(numerator) + byteOrder.bytes(denominator))
    }

    /// The value as unsigned or signed integers (BYTE, SHORT, LONG, SBYTE, SSHORT, SLONG, IFD),
    /// or `nil` for any other type or a value whose length does not match its count.
    public func integers(byteOrder: TIFFByteOrder) -> [Int64]? {
        guard let size = type.elementSize, value.count == Int(count) * size else { return nil }
        switch type {
        case .byte: return value.map { Int64($0) }
        case .sbyte: return value.map { Int64(Int8(bitPattern: $0)) }
        case .short:
            return stride(from: 0, to: value.count, by: 2).map { Int64(byteOrder.uint16(value, at: $0)) }
        case .sshort:
            return stride(from: 0, to: value.count, by: 2).map { Int64(Int16(bitPattern: byteOrder.uint16(value, at: $0))) }
        case .long, .ifd:
            return stride(from: 0, to: value.count, by: 4).map { Int64(byteOrder.uint32(value, at: $0)) }
        case .slong:
            return stride(from: 0, to: value.count, by: 4).map { Int64(Int32(bitPattern: byteOrder.uint32(value, at: $0))) }
        default: return nil
        }
    }

    /// The value as numbers: RATIONAL and SRATIONAL as fractions, FLOAT and DOUBLE, or any
    /// integer type; `nil` for another type, a length that does not match the count, or a zero
    /// denominator.
    public func doubles(byteOrder: TIFFByteOrder) -> [Double]? {
        guard let size = type.elementSize, value.count == Int(count) * size else { return nil }
        switch type {
        case .rational, .srational:
            var values: [Double] = []
            for start in stride(from: 0, to: value.count, by: 8) {
                let numerator = byteOrder.uint32(value, at: start)
                let denominator = byteOrder.uint32(value, at: start + 4)
                guard denominator != 0 else { return nil }
                values.append(
                    type == .rational
                        ? Double(numerator) / Double(denominator)
                        : Double(Int32(bitPattern: numerator)) / Double(Int32(bitPattern: denominator)))
            }
            return values
        case .float: return stride(from: 0, to: value.count, by: 4).map { Double(Float(bitPattern: byteOrder.uint32(value, at: $0))) }
        default: return integers(byteOrder: byteOrder)?.map(Double.init)
        }
    }

    /// The value as text up to its first NUL (ASCII or UNDEFINED entries), or `nil` for other
    /// types or bytes that are not UTF-8.
    public var string: String? {
        guard type == .ascii || type == .undefined else { return nil }
        let text = value[..<(value.firstIndex(of: 0) ?? value.endIndex)]
        let string = String(decoding: text, as: UTF8.self)
        // Decoding repairs invalid sequences; a repaired string is not what was stored.
        return string.utf8.elementsEqual(text) ? string : nil
    }
}
