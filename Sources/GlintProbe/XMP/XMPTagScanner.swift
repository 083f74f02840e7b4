/// A cursor over the bytes of an XMP packet that yields its tags one at a time, with fixed caps,
/// without building a tree or parsing XML: no entity expansion, no DTD, no recursion. Comments,
/// processing instructions, CDATA sections and declarations are skipped; text between tags is
/// read only when asked for (``text()``), and only up to ``valueLimit`` bytes.
///
/// It serves ``MotionPhotoXMPScan``, which keeps a bounded stack of open elements itself.
struct XMPTagScanner {
    /// One tag: `<name attr="value" ...>`, `<name/>` or `</name>`.
    struct Tag {
        /// The qualified name as written (`GCamera:MotionPhoto`).
        var name: Substring
        /// The attributes in order, qualified names as written, values as written (no entities).
        var attributes: [(name: Substring, value: Substring)]
        /// `</name>`.
        var isEnd: Bool
        /// `<name ... />`.
        var isEmpty: Bool
    }

    /// The longest name or attribute value read; longer ones make the packet malformed.
    static let valueLimit = 1024
    /// The most attributes one tag may carry.
    static let attributeLimit = 256

    private let bytes: [UInt8]
    private var position = 0

    /// A scanner at the start of `bytes`.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Why a packet cannot be scanned.
    struct Malformed: Error {}

    /// The next tag, or nil at the end of the packet.
    /// - Throws: ``Malformed`` for an unterminated tag, comment or value, or one over a cap.
    mutating func nextTag() throws(Malformed) -> Tag? {
        while true {
            guard let open = index(of: UInt8(ascii: "<"), from: position) else {
                position = bytes.count
                return nil
            }
            position = open + 1
            guard position < bytes.count else { throw Malformed() }
            switch bytes[position] {
            case UInt8(ascii: "?"): try skip(past: Array("?>".utf8))
            case UInt8(ascii: "!"):
                if starts(with: "!--") {
                    try skip(past: Array("-->".utf8))
                } else if starts(with: "![CDATA[") {
                    try skip(past: Array("]]>".utf8))
                } else {
                    try skip(past: [UInt8(ascii: ">")])
                }
            case UInt8(ascii: "/"):
                position += 1
                let name = try readName()
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw Malformed() }
                position += 1
                return Tag(name: name, attributes: [], isEnd: true, isEmpty: false)
            default:
                return try readStartTag()
            }
        }
    }

    /// The text from here to the next `<`, trimmed of whitespace; nil when it is longer than
    /// ``valueLimit`` (the scan then goes on from that `<`).
    mutating func text() -> Substring? {
        let end = index(of: UInt8(ascii: "<"), from: position) ?? bytes.count
        defer { position = end }
        guard end - position <= Self.valueLimit else { return nil }
        return Substring(String(decoding: bytes[position..<end], as: UTF8.self)).trimmingSpace
    }

    /// `<name attributes (/)>` after the `<`.
    private mutating func readStartTag() throws(Malformed) -> Tag {
        let name = try readName()
        var attributes: [(name: Substring, value: Substring)] = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw Malformed() }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return Tag(name: name, attributes: attributes, isEnd: false, isEmpty: false)
            }
            if starts(with: "/>") {
                position += 2
                return Tag(name: name, attributes: attributes, isEnd: false, isEmpty: true)
            }
            guard attributes.count < Self.attributeLimit else { throw Malformed() }
            let attribute = try readName()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw Malformed() }
            position += 1
            skipSpace()
            attributes.append((attribute, try readQuoted()))
        }
    }

    /// A name: bytes up to whitespace, `=`, `/` or `>`, at most ``valueLimit``.
    private mutating func readName() throws(Malformed) -> Substring {
        let start = position
        while position < bytes.count, !Self.endsName(bytes[position]) {
            position += 1
            guard position - start <= Self.valueLimit else { throw Malformed() }
        }
        guard position > start else { throw Malformed() }
        return Substring(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    /// A value in single or double quotes, at most ``valueLimit`` bytes.
    private mutating func readQuoted() throws(Malformed) -> Substring {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else { throw Malformed() }
        let quote = bytes[position]
        let start = position + 1
        guard let end = index(of: quote, from: start), end - start <= Self.valueLimit else { throw Malformed() }
        position = end + 1
        return Substring(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    fileprivate static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return position + pattern.count <= bytes.count && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    /// Moves past the next `terminator`.
    private mutating func skip(past terminator: [UInt8]) throws(Malformed) {
        guard let found = bytes[position...].firstRange(of: terminator) else { throw Malformed() }
        position = found.upperBound
    }

    private func index(of byte: UInt8, from start: Int) -> Int? {
        start < bytes.count ? bytes[start...].firstIndex(of: byte) : nil
    }
}

extension Substring {
    /// Without leading and trailing XML whitespace.
    var trimmingSpace: Substring {
        var text = self
        while let first = text.utf8.first, XMPTagScanner.isSpace(first) { text = text.dropFirst() }
        while let last = text.utf8.last, XMPTagScanner.isSpace(last) { text = text.dropLast() }
        return text
    }
}
