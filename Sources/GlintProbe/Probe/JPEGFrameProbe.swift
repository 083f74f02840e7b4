/// A JPEG's frame header (SOFn) and its XMP packet, found by walking the marker segments from the
/// start of the file: only each segment's 4-byte marker and length, an APP1's signature, the frame
/// header and the first XMP segment are read, never the image data; at most ``segmentLimit``
/// segments, each at most 64 KiB.
struct JPEGFrameProbe {
    /// The most marker segments walked before giving up on finding a frame header.
    static let segmentLimit = 4096

    /// Width in pixels, as the frame header states it.
    let width: Int
    /// Height in pixels, as the frame header states it.
    let height: Int
    /// The payload of the first XMP APP1 segment after its signature, if one precedes the frame header.
    let xmpPacket: [UInt8]?

    /// Walks `file`'s segments up to its frame header (``JPEGHeadScan``).
    /// - Throws: ``MediaError`` `.corrupt` for a file that is no JPEG or whose segments are damaged,
    ///   `.truncated` when it ends before the frame header.
    init(file: RandomAccessFile) throws {
        let head = try JPEGHeadScan(file: file, toFrameHeader: true)
        (width, height, xmpPacket) = (head.width, head.height, head.xmpPacket)
    }

    /// The marker at `offset` (after any fill bytes) and the offset just past it.
    static func marker(in file: RandomAccessFile, at offset: Int64) throws -> (UInt8, Int64) {
        var position = offset
        guard position < file.size else { throw MediaError(.truncated, "JPEG ends at offset \(position) before its frame header") }
        guard try file.read(at: position, count: 1)[0] == 0xFF else {
            throw MediaError(.corrupt, "expected a JPEG marker at offset \(position)")
        }
        while true {
            guard position + 2 <= file.size else { throw MediaError(.truncated, "JPEG ends inside a marker at offset \(position)") }
            let marker = try file.read(at: position + 1, count: 1)[0]
            if marker == 0xFF && position - offset < 64 {
                position += 1
                continue
            }
            guard marker != 0x00, marker != 0xFF else { throw MediaError(.corrupt, "invalid JPEG marker at offset \(position)") }
            return (marker, position + 2)
        }
    }

    /// SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != JPEGMarker.defineHuffmanTables && marker != 0xC8 && marker != 0xCC
    }

    /// Height and width from a frame header's payload (precision, height, width, components).
    static func dimensions(_ payload: [UInt8]) throws -> (Int, Int) {
        guard payload.count >= 6 else { throw MediaError(.corrupt, "JPEG frame header is \(payload.count) bytes, too short") }
        let height = Int(payload[1]) << 8 | Int(payload[2])
        let width = Int(payload[3]) << 8 | Int(payload[4])
        guard width > 0, height > 0 else { throw MediaError(.corrupt, "JPEG frame header declares a \(width)x\(height) image") }
        return (width, height)
    }
}
