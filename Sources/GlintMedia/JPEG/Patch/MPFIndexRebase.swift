/// Moves the offsets of a Multi-Picture Format index (CIPA DC-007) after the primary image has
/// changed size: the primary image's size is updated and every image that followed it is moved by
/// the same amount. A malformed index is left as it is (the file was already inconsistent), and
/// nothing outside the index (the MPF segment's payload after `"MPF\0"`) is read or written: an
/// entry table that points elsewhere (into the scan, or a secondary image) is malformed.
enum MPFIndexRebase {
    /// The MP Entry tag: 16 bytes per image (attributes, size, offset, two dependent images).
    private static let mpEntryTag: UInt16 = 0xB002

    /// Rewrites the MP entries in `bytes` in place.
    /// - Parameters:
    ///   - bytes: The new file.
    ///   - oldHeader: The offset of the MP header (after `"MPF\0"`) in the original file.
    ///   - newHeader: The offset of the MP header in `bytes`.
    ///   - indexLength: The bytes of the index from the MP header on (the MPF payload's length
    ///     after `"MPF\0"`); its IFD and entry table must lie within them.
    ///   - oldImageEnd: Where the original primary image ended (just past EOI).
    ///   - newImageEnd: Where the new primary image ends.
    static func rebase(_ bytes: inout [UInt8], oldHeader: Int, newHeader: Int, indexLength: Int, oldImageEnd: Int, newImageEnd: Int) {
        let indexEnd = newHeader + indexLength
        guard newHeader >= 0, newHeader + 8 <= indexEnd, indexEnd <= bytes.count else { return }
        let bigEndian: Bool
        switch (bytes[newHeader], bytes[newHeader + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return
        }
        func read(_ at: Int, _ size: Int) -> Int? {
            guard at >= newHeader, at + size <= indexEnd else { return nil }
            var value = 0
            for i in 0..<size { value |= Int(bytes[at + (bigEndian ? i : size - 1 - i)]) << (8 * (size - 1 - i)) }
            return value
        }
        func write(_ at: Int, _ value: Int) {
            for i in 0..<4 { bytes[at + (bigEndian ? i : 3 - i)] = UInt8(truncatingIfNeeded: value >> (8 * (3 - i))) }
        }
        guard let ifd = read(newHeader + 4, 4), let count = read(newHeader + ifd, 2) else { return }
        for index in 0..<count {
            let entry = newHeader + ifd + 2 + index * 12
            guard let tag = read(entry, 2), tag == Int(mpEntryTag), let length = read(entry + 4, 4),
                let offset = read(entry + 8, 4)
            else { continue }
            let table = newHeader + offset
            guard length % 16 == 0, table + length <= indexEnd else { return }
            for image in 0..<(length / 16) {
                let at = table + image * 16
                guard let size = read(at + 4, 4), let dataOffset = read(at + 8, 4) else { return }
                if dataOffset == 0 {
                    if size == oldImageEnd { write(at + 4, newImageEnd) }
                } else {
                    let absolute = oldHeader + dataOffset
                    guard absolute >= oldImageEnd else { continue }
                    write(at + 8, absolute - oldImageEnd + newImageEnd - newHeader)
                }
            }
        }
    }
}
