/// Writes TIFF directories: entries sorted by tag, values of more than four bytes in a data area
/// right after the directory, each starting on an even offset.
///
/// Offsets are relative to the start of the output array, so the caller writes into an array
/// whose first byte is the block's base (the TIFF header, or a MakerNote's start).
enum TIFFDirectoryWriter {
    /// The bytes a directory of `entries` takes: count, entries, next pointer and data area.
    static func byteSize(of entries: [TIFFEntry]) -> Int {
        var size = 2 + 12 * entries.count + 4
        for entry in entries where outOfLine(entry) {
            size += entry.value.count + entry.value.count % 2
        }
        return size
    }

    /// Appends a directory of `entries` to `output`; it starts at `output.count`.
    /// - Parameters:
    ///   - entries: The entries, in any order (they are sorted by tag, stably).
    ///   - next: The offset of the next directory, or 0.
    ///   - byteOrder: The order to write counts and offsets in (values are written as they are).
    ///   - output: The block being written.
    /// - Throws: `.invalidArgument` for an entry whose value length does not match its count,
    ///   `.tooLarge` for more than 65535 entries or offsets beyond 32 bits.
    static func write(_ entries: [TIFFEntry], next: UInt32, byteOrder: TIFFByteOrder, into output: inout [UInt8]) throws {
        guard entries.count <= Int(UInt16.max) else {
            throw MediaError(.tooLarge, "a TIFF directory holds at most 65535 entries, not \(entries.count)")
        }
        for entry in entries { try validate(entry) }
        let sorted = entries.enumerated()
            .sorted { ($0.element.tag, $0.offset) < ($1.element.tag, $1.offset) }
            .map(\.element)
        let start = output.count
        guard start + byteSize(of: sorted) <= Int(UInt32.max) else {
            throw MediaError(.tooLarge, "TIFF data beyond 4 GiB cannot be addressed")
        }
        var dataOffset = start + 2 + 12 * sorted.count + 4
        var data: [UInt8] = []
        output += byteOrder.bytes(UInt16(sorted.count))
        for entry in sorted {
            output += byteOrder.bytes(entry.tag)
            output += byteOrder.bytes(entry.type.rawValue)
            output += byteOrder.bytes(entry.count)
            if outOfLine(entry) {
                output += byteOrder.bytes(UInt32(dataOffset))
                data += entry.value
                if entry.value.count % 2 == 1 { data.append(0) }
                dataOffset = start + 2 + 12 * sorted.count + 4 + data.count
            } else {
                output += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            }
        }
        output += byteOrder.bytes(next)
        output += data
    }

    /// Whether the value goes in the data area rather than the entry's own four bytes.
    private static func outOfLine(_ entry: TIFFEntry) -> Bool {
        entry.type.elementSize != nil && entry.value.count > 4
    }

    /// Checks that the value length matches count x element size.
    private static func validate(_ entry: TIFFEntry) throws {
        let expected: UInt64 = entry.type.elementSize.map { UInt64($0) * UInt64(entry.count) } ?? 4
        guard UInt64(entry.value.count) == expected else {
            throw MediaError(
                .invalidArgument,
                "entry 0x\(String(entry.tag, radix: 16, uppercase: true)) has \(entry.value.count) value bytes; its count and type need \(expected)")
        }
    }
}
