/// A Samsung trailer carried from a Motion Photo into its edit, so that Samsung Gallery still
/// plays the motion: every block but the video's kept byte for byte (Glint reads none of them:
/// capture time, country code, capture mode, edit data...), the video's block written anew for
/// the new file, and the trailer placed as the input had it (docs/motion-photo-layouts.md):
///
/// - a JPEG: `[JPEG][kept blocks][MotionPhoto_Data block: the MP4][SEFH directory][footer]`, the
///   video block last before the directory, where Samsung's reader looks for it;
/// - a HEIC: the kept blocks and an `mpv2` record (the MP4's absolute offset and length) in a
///   `sefd` box nested at the end of the `mpvd` box (Galaxy S22/S23), or beside it (One UI 6), or
///   as bare trailer bytes after it. A versionless HEIC (the MP4 inside the trailer) is written
///   in the nested form.
public struct SamsungTrailerCopy: Sendable, Equatable {
    /// Where the trailer sits.
    public enum Placement: String, Sendable, Codable {
        /// After a JPEG's image, holding the video.
        case jpegTrailer = "jpeg-trailer"
        /// A `sefd` box at the end of the `mpvd` box.
        case nestedInVideoBox = "nested-sefd"
        /// A top-level `sefd` box after the `mpvd` box.
        case besideVideoBox = "sibling-sefd"
        /// Trailer bytes in no box after the `mpvd` box.
        case afterVideoBox = "raw-trailer"
    }

    /// A block kept as it was.
    public struct Block: Sendable, Equatable {
        public var type: UInt16
        /// The name's bytes as stored.
        public var name: [UInt8]
        public var data: [UInt8]

        var size: Int { 8 + name.count + data.count }
    }

    public var blocks: [Block]
    public var placement: Placement

    /// The most bytes of kept blocks carried (a dual-camera shot's second JPEG is a few MB).
    public static let byteLimit: Int64 = 64 << 20
    /// The directory version written (the one current phones write; readers ignore it).
    static let version: UInt32 = 107

    /// The trailer of the Motion Photo in `file`, or nil when it has none.
    /// - Throws: ``MediaError`` `.corrupt` for a damaged trailer, `.tooLarge` past ``byteLimit``.
    public static func read(_ file: RandomAccessFile, primaryMime: String) throws -> SamsungTrailerCopy? {
        guard let found = try SamsungTrailer.blocks(in: file) else { return nil }
        var blocks: [Block] = []
        var total: Int64 = 0
        for block in found where block.name != SamsungTrailer.motionPhotoName && block.type != SamsungTrailer.motionPhotoType {
            total += block.dataOffset + block.dataLength - block.start
            guard total <= byteLimit else {
                throw MediaError(.tooLarge, file: file.path, "the Samsung trailer's blocks hold more than \(byteLimit >> 20) MiB")
            }
            let name = try file.read(at: block.start + 8, count: Int(block.dataOffset - block.start - 8))
            blocks.append(Block(type: block.type, name: name, data: try file.read(at: block.dataOffset, count: Int(block.dataLength))))
        }
        return SamsungTrailerCopy(blocks: blocks, placement: primaryMime == "image/heic" ? heifPlacement(of: file) : .jpegTrailer)
    }

    /// Where a HEIF file keeps its trailer, from its top-level boxes.
    static func heifPlacement(of file: RandomAccessFile) -> Placement {
        guard let boxes = try? TopLevelBox.scan(file) else { return .afterVideoBox }
        if boxes.last?.type == "sefd", boxes.contains(where: { $0.type == "mpvd" }) { return .besideVideoBox }
        return .nestedInVideoBox
    }

    /// The trailer with the video's block: the MP4 itself (`inlineVideoLength` bytes, written by
    /// the caller between the two halves), or an `mpv2` record of `record`.
    /// - Returns: The bytes that go before the video (the kept blocks and the video block's
    ///   header; empty with a record) and those after it (the directory and footer).
    func trailer(inlineVideoLength: Int64? = nil, record: (offset: Int64, length: Int64)? = nil) throws -> (before: [UInt8], after: [UInt8]) {
        var body: [UInt8] = []
        var entries: [(type: UInt16, start: Int64, size: Int64)] = []
        for block in blocks {
            entries.append((block.type, Int64(body.count), Int64(block.size)))
            body += Self.blockHeader(type: block.type, name: block.name) + block.name + block.data
        }
        let name = Array(SamsungTrailer.motionPhotoName.utf8)
        let videoHeader = Self.blockHeader(type: SamsungTrailer.motionPhotoType, name: name) + name
        var videoData: [UInt8] = []
        if let record {
            guard record.offset <= Int64(UInt32.max), record.length <= Int64(UInt32.max) else {
                throw MediaError(.tooLarge, "a Samsung mpv2 record holds 32-bit offsets: the Motion Photo is over 4 GiB")
            }
            var writer = ByteWriter()
            writer.write(FourCC(SamsungTrailer.videoRecordTag))
            writer.write(UInt32(record.offset))
            writer.write(UInt32(record.length))
            videoData = writer.bytes
        }
        let videoSize = Int64(videoHeader.count + videoData.count) + (inlineVideoLength ?? 0)
        entries.append((SamsungTrailer.motionPhotoType, Int64(body.count), videoSize))
        let directoryStart = Int64(body.count) + videoSize
        guard directoryStart <= Int64(UInt32.max) else {
            throw MediaError(.tooLarge, "a Samsung trailer holds 32-bit sizes: the video is over 4 GiB")
        }
        var directory = Array("SEFH".utf8) + Self.le32(Self.version) + Self.le32(UInt32(entries.count))
        for entry in entries {
            directory += [0, 0, UInt8(entry.type & 0xFF), UInt8(entry.type >> 8)]
            directory += Self.le32(UInt32(directoryStart - entry.start)) + Self.le32(UInt32(entry.size))
        }
        let footer = Self.le32(UInt32(directory.count)) + Array("SEFT".utf8)
        if inlineVideoLength != nil { return (body + videoHeader, directory + footer) }
        return ([], body + videoHeader + videoData + directory + footer)
    }

    /// `u16 0, u16 type, u32 name length`, little-endian.
    static func blockHeader(type: UInt16, name: [UInt8]) -> [UInt8] {
        [0, 0, UInt8(type & 0xFF), UInt8(type >> 8)] + le32(UInt32(name.count))
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
