/// A GIF file's XMP packet, in the application extension the XMP specification (part 3, 1.1.2)
/// gives it: `21 FF 0B "XMP DataXMP"`, the packet's bytes as they are, then a 258-byte "magic
/// trailer" (`01 FF FE … 01 00 00`) that lets a decoder that reads the packet as sub-blocks land
/// on the block terminator. What ExifTool reads and writes.
///
/// The file is walked block by block (header, logical screen, colour tables, extensions and
/// images, each checked against the end of the file); everything but the XMP extension is kept
/// byte for byte.
enum GIFXMP {
    /// The application identifier and authentication code of the XMP extension.
    static let identifier = Array("XMP DataXMP".utf8)
    /// The magic trailer after the packet.
    static let magicTrailer: [UInt8] = [0x01] + (0...255).reversed().map { UInt8($0) } + [0x00]

    /// Where the XMP extension lies (the whole extension) and where its packet does, if present;
    /// and where a new one goes (before the first block that is neither an application
    /// extension nor a comment: after a `NETSCAPE2.0` loop).
    struct Layout {
        var extensionRange: Range<Int>?
        var packetRange: Range<Int>?
        var insertAt: Int
    }

    /// The XMP packet, or nil when the file has none.
    /// - Throws: ``MediaError`` `.corrupt` or `.truncated` naming `file` for a broken structure.
    static func packet(in bytes: [UInt8], file: String) throws -> [UInt8]? {
        try layout(bytes, file: file).packetRange.map { Array(bytes[$0]) }
    }

    /// `bytes` with `packet` as its XMP (replacing the one it had); a `GIF87a` file becomes
    /// `GIF89a`, which extensions need.
    /// - Throws: ``MediaError`` naming `file` for a broken structure, or a packet holding a NUL byte.
    static func setting(_ packet: [UInt8], in bytes: [UInt8], file: String) throws -> [UInt8] {
        guard !packet.contains(0) else { throw MediaError(.invalidArgument, file: file, "an XMP packet for a GIF cannot hold a NUL byte") }
        let layout = try layout(bytes, file: file)
        let block = [0x21, 0xFF, UInt8(identifier.count)] + identifier + packet + magicTrailer
        var output = bytes
        if let range = layout.extensionRange {
            output.replaceSubrange(range, with: block)
        } else {
            output.insert(contentsOf: block, at: layout.insertAt)
        }
        output.replaceSubrange(3..<6, with: Array("89a".utf8))
        return output
    }

    /// Walks the file's blocks up to its trailer (or its end).
    static func layout(_ bytes: [UInt8], file: String) throws -> Layout {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)), [UInt8(ascii: "7"), UInt8(ascii: "9")].contains(bytes[4]),
            bytes[5] == UInt8(ascii: "a")
        else { throw MediaError(.corrupt, file: file, "it is not a GIF file") }
        var offset = 13 + colourTableSize(bytes[10])
        guard offset <= bytes.count else { throw truncated(file) }
        var layout = Layout(insertAt: offset)
        var insertFound = false
        while offset < bytes.count, bytes[offset] != 0x3B {
            let start = offset
            switch bytes[offset] {
            case 0x21:
                guard offset + 1 < bytes.count else { throw truncated(file) }
                let label = bytes[offset + 1]
                offset = try skipSubBlocks(bytes, from: offset + 2, file: file)
                if label == 0xFF, bytes.count >= start + 14, bytes[start + 2] == 11, Array(bytes[(start + 3)..<(start + 14)]) == identifier {
                    layout.extensionRange = start..<offset
                    layout.packetRange = try packetRange(bytes, data: start + 14, end: offset, file: file)
                }
                if !insertFound, label != 0xFF, label != 0xFE {
                    (layout.insertAt, insertFound) = (start, true)
                }
            case 0x2C:
                guard offset + 10 <= bytes.count else { throw truncated(file) }
                if !insertFound { (layout.insertAt, insertFound) = (start, true) }
                offset += 10 + colourTableSize(bytes[offset + 9]) + 1  // descriptor, local table, LZW code size
                offset = try skipSubBlocks(bytes, from: offset, file: file)
            default:
                throw MediaError(.corrupt, file: file, "its GIF block at byte \(offset) has the unknown introducer \(bytes[offset])")
            }
        }
        if !insertFound { layout.insertAt = offset }
        return layout
    }

    /// The packet's bytes: the extension's data up to the magic trailer that ends it.
    private static func packetRange(_ bytes: [UInt8], data: Int, end: Int, file: String) throws -> Range<Int> {
        guard end - data >= magicTrailer.count, bytes[(end - magicTrailer.count)..<end].elementsEqual(magicTrailer) else {
            throw MediaError(.corrupt, file: file, "its XMP extension does not end in the XMP magic trailer")
        }
        return data..<(end - magicTrailer.count)
    }

    /// The size of the colour table a packed field announces.
    private static func colourTableSize(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    /// The offset after the sub-blocks starting at `offset` and their terminator.
    private static func skipSubBlocks(_ bytes: [UInt8], from offset: Int, file: String) throws -> Int {
        var offset = offset
        while true {
            guard offset < bytes.count else { throw truncated(file) }
            let size = Int(bytes[offset])
            offset += 1 + size
            if size == 0 { return offset }
        }
    }

    private static func truncated(_ file: String) -> MediaError {
        MediaError(.truncated, file: file, "its GIF blocks run past the end of the file")
    }
}
