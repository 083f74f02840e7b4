/// Builds Samsung's Motion Photo trailers and boxes from the published layouts (ExifTool's Samsung
/// Trailer table; docs/motion-photo-layouts.md): no real Samsung JPEG, and only one HEIC, is among
/// the shared fixtures. Written from the layout, not from Glint's reader, so a reader test cannot
/// agree with itself.
public enum SamsungTrailerBuilder {
    /// The video block's type and name.
    public static let videoType: UInt16 = 0x0A30
    public static let videoName = "MotionPhoto_Data"

    /// One block of a trailer: its type, name and data.
    public struct Block: Sendable {
        public var type: UInt16
        public var name: String
        public var data: [UInt8]

        public init(type: UInt16, name: String, data: [UInt8]) {
            self.type = type
            self.name = name
            self.data = data
        }
    }

    /// The bytes to write before the video, and those to write after it, for a trailer whose only
    /// block is the video.
    public static func motionPhotoTrailer(videoLength: Int64) -> (prefix: [UInt8], suffix: [UInt8]) {
        let name = Array(videoName.utf8)
        let prefix: [UInt8] = [0, 0, UInt8(videoType & 0xFF), UInt8(videoType >> 8)] + le32(UInt32(name.count)) + name
        let blockSize = Int64(prefix.count) + videoLength
        var directory = Array("SEFH".utf8) + le32(107) + le32(1)
        directory += [0, 0, UInt8(videoType & 0xFF), UInt8(videoType >> 8)]
        directory += le32(UInt32(blockSize)) + le32(UInt32(blockSize))
        return (prefix, directory + le32(UInt32(directory.count)) + Array("SEFT".utf8))
    }

    /// The blocks Samsung cameras write besides the video (values as the shared Galaxy HEIC
    /// holds them).
    public static let cameraBlocks = [
        Block(type: 0x0A01, name: "Image_UTC_Data", data: Array("1678258865058".utf8)),
        Block(type: 0x0AA1, name: "MCC_Data", data: Array("404".utf8)),
        Block(type: 0x0C61, name: "Camera_Capture_Mode_Info", data: Array("1".utf8)),
    ]

    /// A whole SEF trailer: the blocks in order, the `SEFH` directory (version 107), the footer.
    public static func trailer(_ blocks: [Block]) -> [UInt8] {
        var body: [UInt8] = []
        var starts: [Int] = []
        for block in blocks {
            starts.append(body.count)
            let name = Array(block.name.utf8)
            body += [0, 0, UInt8(block.type & 0xFF), UInt8(block.type >> 8)] + le32(UInt32(name.count)) + name + block.data
        }
        var directory = Array("SEFH".utf8) + le32(107) + le32(UInt32(blocks.count))
        for (index, block) in blocks.enumerated() {
            let size = 8 + block.name.utf8.count + block.data.count
            directory += [0, 0, UInt8(block.type & 0xFF), UInt8(block.type >> 8)]
            directory += le32(UInt32(body.count - starts[index])) + le32(UInt32(size))
        }
        return body + directory + le32(UInt32(directory.count)) + Array("SEFT".utf8)
    }

    /// The video block holding the video itself (Galaxy S7 to S20, and the versionless HEIC).
    public static func inlineVideo(_ video: [UInt8]) -> Block {
        Block(type: videoType, name: videoName, data: video)
    }

    /// The video block holding an `mpv2` record (Galaxy S22 on): the video's absolute offset and
    /// length, big-endian.
    public static func videoRecord(offset: Int, length: Int) -> Block {
        Block(type: videoType, name: videoName, data: Array("mpv2".utf8) + be32(UInt32(offset)) + be32(UInt32(length)))
    }

    /// `payload` in a top-level ISO-BMFF box of `type`.
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    public static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    public static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The Samsung HEIC Motion Photo layouts seen in the wild, built around a HEIF primary (its
/// boxes, ending before any `mpvd`) and an MP4.
public enum SamsungHEICLayout: String, CaseIterable, Sendable {
    /// Galaxy S22/S23: `mpvd { MP4, sefd { trailer with an mpv2 record } }` ends the file.
    case nested
    /// One UI 6: `mpvd { MP4 }` then a top-level `sefd { trailer with an mpv2 record }`.
    case sibling
    /// `mpvd { MP4 }` then the trailer's bytes, in no box.
    case rawTrailer = "raw-trailer"
    /// Galaxy S10 to S20 ("versionless"): no `mpvd`; a top-level `sefd` whose video block holds the MP4.
    case versionless

    /// The file, and where its MP4 starts.
    public func build(primary: [UInt8], mp4: [UInt8]) -> (bytes: [UInt8], videoOffset: Int) {
        typealias B = SamsungTrailerBuilder
        let videoOffset = primary.count + 8
        let record = B.trailer(B.cameraBlocks + [B.videoRecord(offset: videoOffset, length: mp4.count)])
        switch self {
        case .nested: return (primary + B.box("mpvd", mp4 + B.box("sefd", record)), videoOffset)
        case .sibling: return (primary + B.box("mpvd", mp4) + B.box("sefd", record), videoOffset)
        case .rawTrailer: return (primary + B.box("mpvd", mp4) + record, videoOffset)
        case .versionless:
            let inline = B.trailer(B.cameraBlocks + [B.inlineVideo(mp4)])
            // The video is the last block's data: it ends where the SEFH directory starts.
            let directory = 12 + 12 * (B.cameraBlocks.count + 1)
            return (primary + B.box("sefd", inline), primary.count + 8 + inline.count - directory - 8 - mp4.count)
        }
    }
}
