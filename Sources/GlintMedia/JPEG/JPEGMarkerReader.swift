#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks markers and skips segments and entropy-coded data, checking every bound.
struct JPEGMarkerReader {
    let bytes: [UInt8]
    var position: Int

    /// Reads the marker at `position` (after any `0xFF` fill bytes) and moves past it.
    mutating func nextMarker() throws -> (marker: UInt8, offset: Int) {
        guard position < bytes.count else {
            throw MediaError(.truncated, "JPEG data ends at offset \(position) where a marker was expected")
        }
        guard bytes[position] == 0xFF else {
            throw MediaError(
                .corrupt,
                "expected a JPEG marker at offset \(position), found 0x\(JPEGSegment.hex(bytes[position]))"
            )
        }
        var index = position
        while index + 1 < bytes.count, bytes[index + 1] == 0xFF { index += 1 }
        guard index + 1 < bytes.count else {
            throw MediaError(.truncated, "JPEG data ends inside a marker at offset \(index)")
        }
        let marker = bytes[index + 1]
        guard marker != 0x00 else {
            throw MediaError(.corrupt, "invalid JPEG marker 0x00 at offset \(index)")
        }
        position = index + 2
        return (marker, index)
    }

    /// Reads the length field at `position` and returns the payload's range, moving past it.
    mutating func segmentPayload(marker: UInt8, at offset: Int) throws -> Range<Int> {
        guard position + 2 <= bytes.count else {
            throw MediaError(.truncated, "JPEG data ends inside the length of segment 0x\(JPEGSegment.hex(marker)) at offset \(offset)")
        }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else {
            throw MediaError(.corrupt, "JPEG segment 0x\(JPEGSegment.hex(marker)) at offset \(offset) has invalid length \(length)")
        }
        let payloadEnd = position + length
        guard payloadEnd <= bytes.count else {
            throw MediaError(
                .truncated,
                "JPEG segment 0x\(JPEGSegment.hex(marker)) at offset \(offset) needs \(length) bytes; the data ends first"
            )
        }
        let payload = (position + 2)..<payloadEnd
        position = payloadEnd
        return payload
    }

    /// From the first SOS marker, skips scans and the segments between them up to and including
    /// EOI, and returns the offset just past EOI.
    mutating func skipScansThroughEndOfImage() throws -> Int {
        while true {
            let (marker, offset) = try nextMarker()
            switch marker {
            case JPEGMarker.endOfImage:
                return position
            case JPEGMarker.startOfImage:
                throw MediaError(.corrupt, "unexpected JPEG start-of-image marker at offset \(offset)")
            case 0x01, 0xD0...0xD7:
                continue
            default:
                // SOS, or tables and other segments between progressive scans.
                _ = try segmentPayload(marker: marker, at: offset)
                try skipEntropyCodedData()
            }
        }
    }

    /// Moves to the next `0xFF` that starts a real marker: not a stuffed `0xFF 0x00`, a restart
    /// marker, or a fill byte. Each `0xFF` is found with `memchr` (the image data is most of a
    /// JPEG, and a byte-by-byte search of it was most of the time spent reading one's markers).
    private mutating func skipEntropyCodedData() throws {
        let found = bytes.withUnsafeBufferPointer { buffer in Self.realMarker(in: buffer, from: position) }
        guard let found else {
            throw MediaError(.truncated, "JPEG data ends inside the image data, before its EOI marker")
        }
        position = found
    }

    /// The offset of the first `0xFF` at or after `start` in `buffer` that starts a real marker,
    /// or nil when the buffer ends first.
    private static func realMarker(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var index = start
        while index < buffer.count {
            guard let hit = memchr(base + index, 0xFF, buffer.count - index) else { return nil }
            let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard found + 1 < buffer.count else { return nil }
            let next = buffer[found + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                index = found + 2
            } else if next == 0xFF {
                index = found + 1
            } else {
                return found
            }
        }
        return nil
    }
}
