/// Rewrites a JPEG's metadata segments without touching its image data: removes location
/// (EXIF GPS and XMP place properties) and edits the XMP packet, for example to describe a
/// Motion Photo.
///
/// The scans are copied byte for byte. What follows the primary image (MPF secondary images,
/// gain maps, an old Motion Photo video) is dropped together with the MPF index, because it may
/// carry its own location and a Motion Photo's video must be the last thing in the file.
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

        public init(removeLocation: Bool = false, editXMP: ((XMPPacket) throws -> Void)? = nil) {
            self.removeLocation = removeLocation
            self.editXMP = editXMP
        }
    }

    /// Returns the JPEG with `edit` applied.
    /// - Throws: ``MediaError``: `.corrupt` when the EXIF or XMP cannot be parsed, `.tooLarge` when
    ///   the new XMP does not fit one APP1 segment.
    public static func apply(_ edit: Edit, to jpeg: JPEGFile) throws -> [UInt8] {
        var segments = jpeg.segments.filter {
            !($0.marker == JPEGMarker.app2 && $0.payloadStarts(with: JPEGSegment.mpfSignature))
        }
        if edit.removeLocation, let index = segments.firstIndex(where: isExif), let tiff = jpeg.exifTIFF {
            var exif = try ExifMetadata(tiff: tiff)
            if exif.hasGPS {
                exif.removeGPS()
                segments[index] = try JPEGSegment.exif(try exif.serialized())
            }
        }
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
        return bytes
    }

    static func isExif(_ segment: JPEGSegment) -> Bool {
        segment.marker == JPEGMarker.app1 && segment.payloadStarts(with: JPEGSegment.exifSignature)
    }

    static func isXMP(_ segment: JPEGSegment) -> Bool {
        segment.marker == JPEGMarker.app1 && segment.payloadStarts(with: JPEGSegment.xmpSignature)
    }
}
