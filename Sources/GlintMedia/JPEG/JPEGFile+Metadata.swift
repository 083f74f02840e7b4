/// Accessors for the metadata segments of a parsed JPEG file.
extension JPEGFile {
    /// The TIFF structure of the first Exif APP1 segment (the payload after `"Exif\0\0"`), or nil
    /// when the file has none.
    public var exifTIFF: [UInt8]? {
        payload(marker: JPEGMarker.app1, after: JPEGSegment.exifSignature)
    }

    /// The XMP packet of the first standard XMP APP1 segment, or nil when the file has none.
    /// Extended XMP (`http://ns.adobe.com/xmp/extension/`) is not included.
    public var xmpPacket: [UInt8]? {
        payload(marker: JPEGMarker.app1, after: JPEGSegment.xmpSignature)
    }

    /// The XMP packet as text, or nil when the file has none or it is not UTF-8.
    public var xmpString: String? {
        xmpPacket.flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The Multi-Picture Format data of the first MPF APP2 segment (the payload after `"MPF\0"`,
    /// starting with the MP header's byte-order mark), or nil when the file has none.
    public var mpfPayload: [UInt8]? {
        payload(marker: JPEGMarker.app2, after: JPEGSegment.mpfSignature)
    }

    /// The offset in ``bytes`` of the MP header (just after `"MPF\0"`), from which MPF image
    /// offsets are measured, or nil when the file has no MPF segment.
    public var mpfHeaderOffset: Int? {
        guard
            let index = segments.firstIndex(where: {
                $0.marker == JPEGMarker.app2 && $0.payloadStarts(with: JPEGSegment.mpfSignature)
            })
        else { return nil }
        return segmentOffsets[index] + 4 + JPEGSegment.mpfSignature.count
    }

    /// The ICC profile, reassembled from its APP2 chunks in sequence-number order, or nil when the
    /// file has none.
    /// - Throws: ``MediaError`` `.corrupt` when the chunks disagree on their count, repeat or miss
    ///   a sequence number.
    public func iccProfile() throws -> [UInt8]? {
        let headerCount = JPEGSegment.iccProfileSignature.count + 2
        let chunks = segments.filter {
            $0.marker == JPEGMarker.app2 && $0.payloadStarts(with: JPEGSegment.iccProfileSignature)
        }
        guard let first = chunks.first else { return nil }
        guard first.payload.count >= headerCount else {
            throw MediaError(.corrupt, "ICC profile segment is too short to hold its chunk header")
        }
        let count = Int(first.payload[headerCount - 1])
        guard count > 0 else {
            throw MediaError(.corrupt, "ICC profile segment declares a profile of 0 chunks")
        }
        var ordered = [ArraySlice<UInt8>?](repeating: nil, count: count)
        for chunk in chunks {
            guard chunk.payload.count >= headerCount else {
                throw MediaError(.corrupt, "ICC profile segment is too short to hold its chunk header")
            }
            let sequence = Int(chunk.payload[headerCount - 2])
            let declaredCount = Int(chunk.payload[headerCount - 1])
            guard declaredCount == count, (1...count).contains(sequence) else {
                throw MediaError(
                    .corrupt,
                    "ICC profile chunk \(sequence) of \(declaredCount) does not fit a profile of \(count) chunks"
                )
            }
            guard ordered[sequence - 1] == nil else {
                throw MediaError(.corrupt, "ICC profile chunk \(sequence) appears twice")
            }
            ordered[sequence - 1] = chunk.payload[headerCount...]
        }
        var profile: [UInt8] = []
        for (index, chunk) in ordered.enumerated() {
            guard let chunk else {
                throw MediaError(.corrupt, "ICC profile chunk \(index + 1) of \(count) is missing")
            }
            profile.append(contentsOf: chunk)
        }
        return profile
    }

    private func payload(marker: UInt8, after signature: [UInt8]) -> [UInt8]? {
        segments.first { $0.marker == marker && $0.payloadStarts(with: signature) }
            .map { Array($0.payload.dropFirst(signature.count)) }
    }
}
