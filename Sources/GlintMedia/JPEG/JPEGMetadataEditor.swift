/// Rewrites a JPEG's metadata segments without touching its image data: removes location
/// (EXIF GPS and XMP place properties) and edits the XMP packet, for example to describe a
/// Motion Photo.
///
/// The scans are copied byte for byte. An HDR gain map image (``GainMapJPEG``) is kept, indexed
/// again right after the primary image (without EXIF of its own when the location goes); what
/// else follows the primary image (other MPF images, an old Motion Photo video) is dropped with
/// the MPF index, because it may carry its own location and a Motion Photo's video must be the
/// last thing in the file.
public enum JPEGMetadataEditor {
    /// The most XMP bytes the single standard APP1 segment can hold (65533 less the 29-byte
    /// namespace header).
    public static let maximumXMPBytes = JPEGSegment.maxPayloadCount - JPEGSegment.xmpSignature.count

    /// What to change.
    public struct Edit {
        /// Remove the EXIF GPS directory (with its pointer) and the XMP location properties.
        public var removeLocation: Bool
        /// Changes to the XMP packet (an empty packet is made when the JPEG has none).
        public var editXMP: ((XMPPacket) throws -> Void)?
        /// Changes to the EXIF (a minimal block is made when the JPEG has none).
        public var editExif: ((inout ExifMetadata) throws -> Void)?
        /// Other metadata segments to drop (an ISO 21496-1 segment whose gain map is gone).
        public var dropSegment: ((JPEGSegment) -> Bool)?

        public init(
            removeLocation: Bool = false, editXMP: ((XMPPacket) throws -> Void)? = nil, editExif: ((inout ExifMetadata) throws -> Void)? = nil,
            dropSegment: ((JPEGSegment) -> Bool)? = nil
        ) {
            self.removeLocation = removeLocation
            self.editXMP = editXMP
            self.editExif = editExif
            self.dropSegment = dropSegment
        }
    }

    /// Returns the JPEG with `edit` applied.
    /// - Throws: ``MediaError``: `.corrupt` when the EXIF or XMP cannot be parsed, `.tooLarge` when
    ///   the new XMP does not fit one APP1 segment.
    public static func apply(_ edit: Edit, to jpeg: JPEGFile) throws -> [UInt8] {
        var segments = jpeg.segments.filter {
            !($0.marker == JPEGMarker.app2 && $0.payloadStarts(with: JPEGSegment.mpfSignature)) && edit.dropSegment?($0) != true
        }
        try applyExif(edit, jpeg: jpeg, to: &segments)
        let xmpIndex = segments.firstIndex(where: isXMP)
        if edit.editXMP != nil || (edit.removeLocation && xmpIndex != nil) {
            let packet = try jpeg.xmpPacket.map { try XMPPacket(parsing: $0) } ?? XMPPacket()
            var changed = edit.editXMP != nil
            if edit.removeLocation && packet.hasLocation {
                packet.removeLocation()
                changed = true
            }
            try edit.editXMP?(packet)
            if changed {
                let bytes = try packet.serialized()
                guard bytes.count <= maximumXMPBytes else {
                    throw MediaError(
                        .tooLarge,
                        "the XMP packet would be \(bytes.count) bytes, but one JPEG APP1 segment holds at most "
                            + "\(maximumXMPBytes) and Motion Photo readers look only there: remove some XMP from the still first")
                }
                let segment = try JPEGSegment.xmp(bytes)
                if let xmpIndex {
                    segments[xmpIndex] = segment
                } else {
                    // After Exif (which must come first) and JFIF, before everything else.
                    let after = segments.prefix { $0.marker == JPEGMarker.app0 || isExif($0) }.count
                    segments.insert(segment, at: after)
                }
            }
        }
        var bytes: [UInt8] = [0xFF, JPEGMarker.startOfImage]
        bytes.reserveCapacity(jpeg.imageDataRange.count + segments.reduce(0) { $0 + $1.payload.count + 4 } + 2)
        for segment in segments { segment.append(to: &bytes) }
        bytes += jpeg.bytes[jpeg.imageDataRange]
        guard let map = GainMapJPEG.find(in: jpeg) else { return bytes }
        let mapFile = edit.removeLocation ? try GainMapJPEG.withoutExif(map.bytes) : Array(map.bytes)
        return try GainMapJPEGWriter.attach(mapFile: mapFile, form: map.form, to: bytes)
    }

    /// Removes the GPS directory and runs ``Edit/editExif``; an EXIF block is added only for the latter.
    private static func applyExif(_ edit: Edit, jpeg: JPEGFile, to segments: inout [JPEGSegment]) throws {
        guard edit.removeLocation || edit.editExif != nil else { return }
        let index = segments.firstIndex(where: isExif)
        guard index != nil || edit.editExif != nil else { return }
        var exif = try jpeg.exifTIFF.map { try ExifMetadata(tiff: $0) } ?? ExifMetadata.minimal()
        let before = try exif.serialized()
        if edit.removeLocation { exif.removeGPS() }
        try edit.editExif?(&exif)
        let after = try exif.serialized()
        guard index == nil || after != before else { return }
        let segment = try JPEGSegment.exif(after)
        if let index {
            segments[index] = segment
        } else {
            // Exif comes first, after a JFIF APP0 at most.
            segments.insert(segment, at: segments.prefix { $0.marker == JPEGMarker.app0 }.count)
        }
    }

    static func isExif(_ segment: JPEGSegment) -> Bool {
        segment.marker == JPEGMarker.app1 && segment.payloadStarts(with: JPEGSegment.exifSignature)
    }

    static func isXMP(_ segment: JPEGSegment) -> Bool {
        segment.marker == JPEGMarker.app1 && segment.payloadStarts(with: JPEGSegment.xmpSignature)
    }
}
