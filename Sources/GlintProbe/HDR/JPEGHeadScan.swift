/// The segments of a JPEG image (a file, or a secondary image of a Multi-Picture file) that
/// describe a gain map, found by walking its marker segments from its SOI to its first SOS: the
/// frame header's size and component count, the first standard XMP packet, the MPF index and
/// the ISO 21496-1 metadata. Only those payloads are read (each at most 64 KiB), never image
/// data; at most ``JPEGFrameProbe/segmentLimit`` segments.
struct JPEGHeadScan {
    var width = 0
    var height = 0
    /// Colour components (1 for a grey gain map, 3 for an RGB one).
    var components = 0
    /// The first XMP APP1 payload after its signature.
    var xmpPacket: [UInt8]?
    /// The MPF APP2 payload after `"MPF\0"` and the offset (in `file`) of its MP header.
    var mpf: (payload: [UInt8], headerOffset: Int64)?
    /// The ISO 21496-1 APP2 payload after its URN.
    var iso21496: [UInt8]?

    static let mpfSignature: [UInt8] = Array("MPF".utf8) + [0]

    /// Walks `file`'s segments up to the start of its scan (or, with `toFrameHeader`, up to its
    /// frame header: what `MediaProbe` reads of an upload).
    /// - Throws: ``MediaError`` `.corrupt` for damaged segments or no frame header, `.truncated`
    ///   when the file ends before the scan.
    init(file: RandomAccessFile, toFrameHeader: Bool = false) throws {
        guard try file.read(at: 0, count: Int(min(file.size, 2))) == [0xFF, JPEGMarker.startOfImage] else {
            throw MediaError(.corrupt, "not a JPEG image: it does not start with SOI")
        }
        var offset: Int64 = 2
        for _ in 0..<JPEGFrameProbe.segmentLimit {
            let (marker, markerEnd) = try JPEGFrameProbe.marker(in: file, at: offset)
            if JPEGMarker.isStandalone(marker) {
                guard marker != JPEGMarker.startOfImage, marker != JPEGMarker.endOfImage else {
                    throw MediaError(.corrupt, "JPEG marker 0x\(JPEGMarker.hex(marker)) at offset \(markerEnd - 2) before the scan")
                }
                offset = markerEnd
                continue
            }
            if marker == JPEGMarker.startOfScan {
                guard width > 0 else { throw MediaError(.corrupt, "JPEG image data starts before any frame header") }
                return
            }
            guard markerEnd + 2 <= file.size else { throw MediaError(.truncated, "JPEG ends inside a segment length at offset \(markerEnd)") }
            let lengthBytes = try file.read(at: markerEnd, count: 2)
            let length = Int64(lengthBytes[0]) << 8 | Int64(lengthBytes[1])
            guard length >= 2 else { throw MediaError(.corrupt, "JPEG segment 0x\(JPEGMarker.hex(marker)) has an invalid length \(length)") }
            guard markerEnd + length <= file.size else {
                throw MediaError(
                    .truncated, "JPEG segment 0x\(JPEGMarker.hex(marker)) at offset \(markerEnd - 2) needs \(length) bytes; the file ends first")
            }
            try take(marker, payloadOffset: markerEnd + 2, count: Int(length) - 2, in: file)
            if toFrameHeader, width > 0 { return }
            offset = markerEnd + length
        }
        throw MediaError(.corrupt, "JPEG has no scan in its first \(JPEGFrameProbe.segmentLimit) segments")
    }

    /// Keeps what segment `marker` says, reading its payload only when it is one kept.
    private mutating func take(_ marker: UInt8, payloadOffset: Int64, count: Int, in file: RandomAccessFile) throws {
        if JPEGFrameProbe.isFrameHeader(marker), width == 0 {
            let payload = try file.read(at: payloadOffset, count: count)
            (width, height) = try JPEGFrameProbe.dimensions(payload)
            components = payload.count > 5 ? Int(payload[5]) : 0
            return
        }
        guard marker == JPEGMarker.app1 || marker == JPEGMarker.app2 else { return }
        let head = try file.read(at: payloadOffset, count: min(count, max(ISO21496Metadata.urn.count, JPEGMarker.xmpSignature.count)))
        func starts(with signature: [UInt8]) -> Bool { head.count >= signature.count && head.prefix(signature.count).elementsEqual(signature) }
        if marker == JPEGMarker.app1, xmpPacket == nil, starts(with: JPEGMarker.xmpSignature) {
            let skip = JPEGMarker.xmpSignature.count
            xmpPacket = try file.read(at: payloadOffset + Int64(skip), count: count - skip)
        } else if marker == JPEGMarker.app2, mpf == nil, starts(with: Self.mpfSignature) {
            let skip = Self.mpfSignature.count
            mpf = (try file.read(at: payloadOffset + Int64(skip), count: count - skip), payloadOffset + Int64(skip))
        } else if marker == JPEGMarker.app2, iso21496 == nil, starts(with: ISO21496Metadata.urn) {
            let skip = ISO21496Metadata.urn.count
            iso21496 = try file.read(at: payloadOffset + Int64(skip), count: count - skip)
        }
    }
}
