/// Reads TIFF directories from a block of bytes, bounds-checking every offset and count and
/// refusing to read any directory twice (so loops end in an error, never a hang).
///
/// Offsets are relative to the start of `bytes`: the TIFF header for EXIF, the MakerNote's own
/// start for an Apple MakerNote.
struct TIFFDirectoryReader {
    /// The whole block the offsets refer to.
    let bytes: [UInt8]
    /// The order of multi-byte values.
    let byteOrder: TIFFByteOrder
    /// What the block is, for error messages (`"EXIF"`, `"Apple MakerNote"`).
    let blockName: String
    /// The lowest offset a directory may start at (the end of the block's header).
    let minimumDirectoryOffset: Int
    /// Offsets of the directories read so far.
    private var visited: Set<Int> = []

    init(bytes: [UInt8], byteOrder: TIFFByteOrder, blockName: String, minimumDirectoryOffset: Int) {
        self.bytes = bytes
        self.byteOrder = byteOrder
        self.blockName = blockName
        self.minimumDirectoryOffset = minimumDirectoryOffset
    }

    /// Reads the directory at `offset`.
    /// - Parameters:
    ///   - offset: Where the directory starts, relative to the start of the block.
    ///   - name: The directory's name for error messages (`"IFD0"`, `"GPS IFD"`).
    /// - Returns: The entries, and the offset of the next directory (0 when none). A directory
    ///   whose four-byte next pointer is cut off reports 0.
    mutating func readDirectory(at offset: UInt32, name: String) throws -> (entries: [TIFFEntry], next: UInt32) {
        let start = Int(offset)
        guard start >= minimumDirectoryOffset, start < bytes.count else {
            throw MediaError(.corrupt, "\(blockName) \(name) offset \(offset) points outside the \(bytes.count)-byte block")
        }
        guard visited.insert(start).inserted else {
            throw MediaError(.corrupt, "\(blockName) \(name) at offset \(offset) was already read: the directories form a loop")
        }
        guard start + 2 <= bytes.count else {
            throw MediaError(.truncated, "\(blockName) \(name) at offset \(offset) is cut off")
        }
        let entryCount = Int(byteOrder.uint16(bytes, at: start))
        let tableEnd = start + 2 + 12 * entryCount
        guard tableEnd <= bytes.count else {
            throw MediaError(.truncated, "\(blockName) \(name) claims \(entryCount) entries but the block ends first")
        }
        var entries: [TIFFEntry] = []
        entries.reserveCapacity(entryCount)
        for index in 0..<entryCount {
            entries.append(try readEntry(at: start + 2 + 12 * index, directoryName: name))
        }
        let next = tableEnd + 4 <= bytes.count ? byteOrder.uint32(bytes, at: tableEnd) : 0
        return (entries, next)
    }

    /// Reads the 12-byte entry at `position` and its value.
    private func readEntry(at position: Int, directoryName: String) throws -> TIFFEntry {
        let tag = byteOrder.uint16(bytes, at: position)
        let type = TIFFFieldType(rawValue: byteOrder.uint16(bytes, at: position + 2))
        let count = byteOrder.uint32(bytes, at: position + 4)
        let field = position + 8
        guard let elementSize = type.elementSize else {
            // Unknown type: the size is unknowable, so keep the value field itself.
            return TIFFEntry(tag: tag, type: type, count: count, value: Array(bytes[field..<field + 4]))
        }
        let tagName = "entry 0x" + String(tag, radix: 16, uppercase: true)
        let byteCount = UInt64(count) * UInt64(elementSize)
        if byteCount <= 4 {
            return TIFFEntry(tag: tag, type: type, count: count, value: Array(bytes[field..<field + Int(byteCount)]))
        }
        guard byteCount <= UInt64(bytes.count) else {
            throw MediaError(
                .corrupt, "\(blockName) \(directoryName) \(tagName) claims \(count) values of \(type), more than the whole \(bytes.count)-byte block")
        }
        let valueOffset = Int(byteOrder.uint32(bytes, at: field))
        guard valueOffset < bytes.count else {
            throw MediaError(.corrupt, "\(blockName) \(directoryName) \(tagName) value offset \(valueOffset) points outside the \(bytes.count)-byte block")
        }
        let valueEnd = valueOffset + Int(byteCount)
        guard valueEnd <= bytes.count else {
            throw MediaError(.truncated, "\(blockName) \(directoryName) \(tagName) value runs past the end of the block")
        }
        return TIFFEntry(tag: tag, type: type, count: count, value: Array(bytes[valueOffset..<valueEnd]))
    }
}
