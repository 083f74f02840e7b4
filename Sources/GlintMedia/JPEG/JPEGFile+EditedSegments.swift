extension JPEGFile {
    /// The metadata segments an edited version of this file keeps: every application segment and
    /// comment in their order, with the Exif segment replaced by `exif` (or dropped when `nil`)
    /// and the MPF index dropped (its secondary images are not carried over).
    /// - Parameters:
    ///   - exif: The EXIF to write; placed where the old one was, else after a JFIF APP0, else first.
    ///   - iccProfile: An ICC profile to write in place of the file's own (after JFIF and Exif);
    ///     `nil` keeps the file's.
    /// - Throws: ``MediaError`` when `exif` cannot be serialised into one APP1 segment.
    public func editedMetadataSegments(exif: ExifMetadata?, iccProfile: [UInt8]? = nil) throws -> [JPEGSegment] {
        let newExif = try exif.map { try JPEGSegment.exif(try $0.serialized()) }
        var kept: [JPEGSegment] = []
        var placedExif = false
        for segment in segments where segment.isApplication || segment.marker == JPEGMarker.comment {
            if segment.marker == JPEGMarker.app1 && segment.payload.starts(with: JPEGSegment.exifSignature) {
                if let newExif, !placedExif { kept.append(newExif) }
                placedExif = true
            } else if segment.marker == JPEGMarker.app2 && segment.payload.starts(with: JPEGSegment.mpfSignature) {
                continue
            } else {
                kept.append(segment)
            }
        }
        if !placedExif, let newExif {
            // After a JFIF APP0, which must come first, otherwise first.
            let index = kept.first?.marker == JPEGMarker.app0 ? 1 : 0
            kept.insert(newExif, at: index)
        }
        if let iccProfile {
            kept.removeAll { $0.marker == JPEGMarker.app2 && $0.payload.starts(with: JPEGSegment.iccProfileSignature) }
            // After JFIF and Exif, where cameras put it.
            let index = kept.firstIndex { $0.marker != JPEGMarker.app0 && $0.marker != JPEGMarker.app1 } ?? kept.count
            kept.insert(contentsOf: try JPEGSegment.iccProfileSegments(iccProfile), at: index)
        }
        return kept
    }
}
