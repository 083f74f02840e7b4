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

    /// Walks `file`'s segments up to its frame header.
    /// - Throws: ``MediaError`` `.corrupt` for a file that is no JPEG or whose segments are damaged,
    ///   `.truncated` when it ends before the frame header.
    init(file: RandomAccessFile) throws {
        let start = try file.read(at: 0, count: Int(min(file.size, 2)))
        guard start == [0xFF, JPEGMarker.startOfImage] else { throw MediaError(.corrupt, "not a JPEG file: it does not start with SOI") }
        var offset: Int64 = 2
        var xmp: [UInt8]?
        for _ in 0..<Self.segmentLimit {
            let (marker, markerEnd) = try Self.marker(in: file, at: offset)
            if JPEGMarker.isStandalone(marker) {
                guard marker != JPEGMarker.startOfImage, marker != JPEGMarker.endOfImage else {
                    throw MediaError(.corrupt, "JPEG marker 0x\(JPEGMarker.hex(marker)) at offset \(markerEnd - 2) before any frame header")
                }
                offset = markerEnd
                continue
            }
            guard marker != JPEGMarker.startOfScan else { throw MediaError(.corrupt, "JPEG image data starts before any frame header") }
            guard markerEnd + 2 <= file.size else { throw MediaError(.truncated, "JPEG ends inside a segment length at offset \(markerEnd)") }
            let lengthBytes = try file.read(at: markerEnd, count: 2)
            let length = Int64(lengthBytes[0]) << 8 | Int64(lengthBytes[1])
            guard length >= 2 else { throw MediaError(.corrupt, "JPEG segment 0x\(JPEGMarker.hex(marker)) has an invalid length \(length)") }
            guard markerEnd + length <= file.size else {
                throw MediaError(.truncated, "JPEG segment 0x\(JPEGMarker.hex(marker)) at offset \(markerEnd - 2) needs \(length) bytes; the file ends first")
            }
            let payloadOffset = markerEnd + 2
            if Self.isFrameHeader(marker) {
                (width, height) = try Self.dimensions(try file.read(at: payloadOffset, count: Int(length) - 2))
                xmpPacket = xmp
                return
            }
            let signature = JPEGMarker.xmpSignature
            // The signature first: the payload (at most 64 KiB) only of the one XMP segment kept.
            if marker == JPEGMarker.app1, xmp == nil, length - 2 >= Int64(signature.count),
                try file.read(at: payloadOffset, count: signature.count) == signature
            {
                let start = payloadOffset + Int64(signature.count)
                xmp = try file.read(at: start, count: Int(length) - 2 - signature.count)
            }
            offset = markerEnd + length
        }
        throw MediaError(.corrupt, "JPEG has no frame header in its first \(Self.segmentLimit) segments")
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
