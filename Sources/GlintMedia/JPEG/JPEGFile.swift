/// The marker-segment structure of a JPEG file, parsed in pure Swift without decoding pixels.
///
/// A JPEG file is SOI, then marker segments (APPn metadata, tables, the frame header), then one
/// or more scans of entropy-coded data (with tables between progressive scans), then EOI. Phones
/// often append more data after EOI: MPF secondary images, gain maps, Motion Photo videos.
///
/// Parsing is bounds-checked throughout and never traps, whatever the input.
public struct JPEGFile: Sendable {
    /// The whole file.
    public let bytes: [UInt8]
    /// The marker segments between SOI and the first SOS, in file order.
    public let segments: [JPEGSegment]
    /// The offset in ``bytes`` of each segment's `0xFF` marker byte, parallel to ``segments``.
    public let segmentOffsets: [Int]
    /// From the first SOS marker to the end of the EOI marker: the scans, any tables between
    /// them, and EOI.
    public let imageDataRange: Range<Int>

    /// The bytes after EOI (empty for a plain JPEG).
    public var trailingBytes: ArraySlice<UInt8> { bytes[imageDataRange.upperBound...] }

    /// The offset just past the EOI marker, where any trailing data begins.
    public var endOfImageOffset: Int { imageDataRange.upperBound }

    /// Parses the segment structure of `bytes`.
    /// - Parameter bytes: A JPEG file, possibly with data appended after EOI.
    /// - Throws: ``MediaError`` `.empty`, `.corrupt` (not a JPEG, malformed segment, no scan), or
    ///   `.truncated` (the data ends inside a segment or before EOI).
    public init(parsing bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { throw MediaError(.empty, "JPEG data is empty") }
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == JPEGMarker.startOfImage else {
            let start = bytes.prefix(2).map { "0x" + JPEGSegment.hex($0) }.joined(separator: " ")
            throw MediaError(.corrupt, "not a JPEG file: starts with \(start)")
        }
        var reader = JPEGMarkerReader(bytes: bytes, position: 2)
        var segments: [JPEGSegment] = []
        var offsets: [Int] = []
        var firstScan = 0
        readingSegments: while true {
            let (marker, offset) = try reader.nextMarker()
            switch marker {
            case JPEGMarker.startOfScan:
                firstScan = offset
                break readingSegments
            case JPEGMarker.endOfImage:
                throw MediaError(.corrupt, "JPEG ends at offset \(offset) before any image data")
            case JPEGMarker.startOfImage, 0xD0...0xD7:
                throw MediaError(.corrupt, "unexpected JPEG marker 0x\(JPEGSegment.hex(marker)) at offset \(offset)")
            case 0x01:
                continue
            default:
                let payload = try reader.segmentPayload(marker: marker, at: offset)
                segments.append(JPEGSegment(validatedMarker: marker, payload: Array(bytes[payload])))
                offsets.append(offset)
            }
        }
        reader.position = firstScan
        let imageEnd = try reader.skipScansThroughEndOfImage()
        self.bytes = bytes
        self.segments = segments
        self.segmentOffsets = offsets
        self.imageDataRange = firstScan..<imageEnd
    }

    /// The segments with marker `marker`, in file order.
    public func segments(withMarker marker: UInt8) -> [JPEGSegment] {
        segments.filter { $0.marker == marker }
    }
}
