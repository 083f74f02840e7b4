/// The trailer Samsung cameras append to JPEGs (after EOI): data blocks followed by an `SEFH`
/// directory and an 8-byte footer (`SEFH` length, little-endian, then `"SEFT"`). A Motion
/// Photo's video is the block named `MotionPhoto_Data` (type 0x0A30).
///
/// Layout (as ExifTool reads it): each directory entry is 12 bytes, `u16 0, u16 type,
/// u32 distance back from the SEFH start, u32 size`; each data block starts `u16 0, u16 type,
/// u32 name length, name`, then the data.
public enum SamsungTrailer {
    /// The block name that marks a Motion Photo's video.
    public static let motionPhotoName = "MotionPhoto_Data"
    /// The block type Samsung gives it.
    public static let motionPhotoType: UInt16 = 0x0A30

    /// The most blocks a trailer's directory may list (Samsung's list a handful).
    public static let blockLimit = 256
    /// The longest block name read (Samsung's are under 32 bytes).
    public static let nameLimit: Int64 = 256

    /// One block of the trailer.
    public struct Block: Sendable, Equatable {
        public var type: UInt16
        /// The block's name (bytes that are not UTF-8 repaired, so its length in UTF-8 may
        /// differ from the name's length in the file).
        public var name: String
        /// Where the block (its type and name) starts in the file.
        public var start: Int64
        /// Where the block's data (after its name) starts in the file.
        public var dataOffset: Int64
        /// The data's length.
        public var dataLength: Int64
    }

    /// The blocks of the trailer ending `file`, or `nil` when the file does not end with one.
    /// Reads at most the 8-byte footer, a directory under 1 MiB (at most ``blockLimit`` entries) and
    /// each block's 8-byte header and name (at most ``nameLimit`` bytes); never a block's data.
    /// - Throws: ``MediaError`` `.corrupt` when a footer is present but its directory is damaged.
    public static func blocks(in file: RandomAccessFile) throws -> [Block]? {
        guard file.size >= 8 + 12 else { return nil }
        var footer = ByteReader(try file.read(at: file.size - 8, count: 8), context: "Samsung trailer footer")
        let length = Int64(littleEndian32(try footer.readBytes(4)))
        guard try footer.readBytes(4).elementsEqual(Array("SEFT".utf8)) else { return nil }
        let directoryStart = file.size - 8 - length
        guard length >= 12, length < 1 << 20, directoryStart >= 0 else {
            throw MediaError(.corrupt, file: file.path, "Samsung trailer directory has an impossible length \(length)")
        }
        let directory = try file.read(at: directoryStart, count: Int(length))
        guard directory.starts(with: Array("SEFH".utf8)) else {
            throw MediaError(.corrupt, file: file.path, "Samsung trailer footer does not point at an SEFH directory")
        }
        let count = Int(littleEndian32(directory[8..<12]))
        guard count <= blockLimit, 12 + 12 * count <= directory.count else {
            throw MediaError(.corrupt, file: file.path, "Samsung trailer directory lists \(count) blocks but is \(length) bytes")
        }
        var blocks: [Block] = []
        for index in 0..<count {
            let entry = 12 + 12 * index
            let type = UInt16(directory[entry + 2]) | UInt16(directory[entry + 3]) << 8
            let back = Int64(littleEndian32(directory[(entry + 4)..<(entry + 8)]))
            let size = Int64(littleEndian32(directory[(entry + 8)..<(entry + 12)]))
            let start = directoryStart - back
            guard back <= directoryStart, size >= 8, size <= back else {
                throw MediaError(.corrupt, file: file.path, "Samsung trailer block \(index) lies outside the file")
            }
            let header = try file.read(at: start, count: 8)
            let nameLength = Int64(littleEndian32(header[4..<8]))
            guard nameLength <= nameLimit, nameLength + 8 <= size else {
                throw MediaError(.corrupt, file: file.path, "Samsung trailer block \(index) has a name longer than itself")
            }
            let name = String(decoding: try file.read(at: start + 8, count: Int(nameLength)), as: UTF8.self)
            blocks.append(Block(type: type, name: name, start: start, dataOffset: start + 8 + nameLength, dataLength: size - 8 - nameLength))
        }
        return blocks
    }

    /// The Motion Photo video block, when the trailer has one.
    public static func motionPhotoBlock(in file: RandomAccessFile) throws -> Block? {
        try blocks(in: file)?.first { $0.name == motionPhotoName || $0.type == motionPhotoType }
    }

    /// What newer Samsung HEICs (Galaxy S22 on, `mpv2`/`mpv3`) keep in the `MotionPhoto_Data`
    /// block instead of the video: 12 bytes, `"mpv2"`, then the video's absolute file offset and
    /// its length, big-endian (ExifTool's `EmbeddedVideoOffsetSize`).
    public static let videoRecordTag = "mpv2"

    /// Where the video of `block` (a `MotionPhoto_Data` block) is: where its `mpv2` record points,
    /// or else the block's own data. Reads at most the block's first 12 bytes.
    /// - Throws: ``MediaError`` `.corrupt` naming the file when a record points outside it.
    public static func videoLocation(of block: Block, in file: RandomAccessFile) throws -> (offset: Int64, length: Int64) {
        guard block.dataLength == 12 else { return (block.dataOffset, block.dataLength) }
        let record = try file.read(at: block.dataOffset, count: 12)
        guard record.starts(with: Array(videoRecordTag.utf8)) else { return (block.dataOffset, block.dataLength) }
        let offset = Int64(bigEndian32(record[4..<8]))
        let length = Int64(bigEndian32(record[8..<12]))
        guard length > 0, offset <= file.size - length else {
            throw MediaError(
                .corrupt, file: file.path,
                "the Samsung trailer's \(videoRecordTag) record gives the video \(length) bytes at byte \(offset), outside the file's \(file.size) bytes")
        }
        return (offset, length)
    }

    /// Throws when `bytes` hold a `MotionPhoto_Data` block after the image (from `start`) but end
    /// without the trailer's directory: a Samsung Motion Photo cut short, not a plain photo.
    /// - Throws: ``MediaError`` `.truncated` naming the file.
    public static func checkNotCutShort(_ bytes: [UInt8], after start: Int, path: String) throws {
        guard start < bytes.count, let found = firstIndex(of: Array(motionPhotoName.utf8), in: bytes, from: start) else { return }
        throw MediaError(
            .truncated, file: path,
            "the embedded Motion Photo video is broken: a Samsung \(motionPhotoName) block starts at byte \(found - 8) but the file ends "
                + "without the trailer's SEFH directory: the file is truncated")
    }

    /// Where `needle` first occurs in `bytes` at or after `start`: a plain scan (`firstRange(of:)`
    /// on a slice allocates at every position, ms per 64 KiB, and a whole still is searched).
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, bytes.count - start >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index <= buffer.count - needle.count {
                if buffer[index] == first, needle.indices.allSatisfy({ buffer[index + $0] == needle[$0] }) { return index }
                index += 1
            }
            return nil
        }
    }

    private static func littleEndian32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
