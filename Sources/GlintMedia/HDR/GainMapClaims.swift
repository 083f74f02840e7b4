/// What says a still has a gain map, removed when the map is not written (dropped on purpose,
/// or lost): a viewer that reads the claims without finding the map would show the still wrong.
///
/// - XMP: every `hdrgm` and `HDRGainMap` property, and a `Container:Directory` that lists a
///   GainMap but no MotionPhoto (a Motion Photo's directory is rewritten by its writer);
/// - JPEG: the ISO 21496-1 APP2 segment (the MPF index goes with the edit already);
/// - EXIF: the Apple MakerNote's headroom tags (0x0021, 0x0030).
public enum GainMapClaims {
    /// `exif` without the MakerNote's headroom tags.
    public static func remove(from exif: inout ExifMetadata?) {
        guard var metadata = exif, var note = metadata.makerNote?.apple, note.hdrHeadroomValues != nil else { return }
        note.hdrHeadroomValues = nil
        metadata.makerNote = .apple(note)
        exif = metadata
    }

    /// Removes the XMP properties that announce a gain map.
    public static func remove(from packet: XMPPacket) {
        for namespace in [XMPNamespace.hdrGainMap, .appleGainMap] {
            for name in packet.propertyNames(in: namespace) { packet.remove(namespace, name) }
        }
        let metadata = MotionPhotoMetadata(packet)
        if metadata.hasGainMap, !metadata.directory.contains(where: { $0.semantic == ContainerItem.motionPhotoSemantic }) {
            packet.remove(.container, "Directory")
        }
    }

    /// A JPEG (written without its map) without the XMP, ISO 21496-1 and MakerNote headroom
    /// claims, in one rewrite of its metadata (none when it claims nothing).
    public static func removed(fromJPEG bytes: [UInt8]) throws -> [UInt8] {
        let file = try JPEGFile(parsing: bytes)
        let claims = file.xmpPacket.flatMap(GainMapXMP.properties)
        let headroom = try file.exifTIFF.map { try ExifMetadata(tiff: $0).makerNote?.apple?.hdrHeadroomValues != nil } ?? false
        let hasISO = file.segments.contains(where: isISO)
        guard hasISO || headroom || claims?.ultraHDRVersion != nil || claims?.appleVersion != nil || claimsInDirectory(file) else {
            return bytes
        }
        let edit = JPEGMetadataEditor.Edit(
            editXMP: { remove(from: $0) },
            editExif: headroom
                ? { metadata in
                    var value: ExifMetadata? = metadata
                    remove(from: &value)
                    if let value { metadata = value }
                } : nil,
            dropSegment: isISO)
        return try JPEGMetadataEditor.apply(edit, to: file)
    }

    /// A still (written with its claims, its map then found unreadable) without them: a JPEG's
    /// (``removed(fromJPEG:)``), a HEIC's MakerNote headroom.
    public static func removed(fromStill bytes: [UInt8], isHEIC: Bool) throws -> [UInt8] {
        guard isHEIC else { return try removed(fromJPEG: bytes) }
        var editor = try HEIFMetadataEditor(bytes: bytes)
        guard let tiff = try editor.exif() else { return bytes }
        var exif: ExifMetadata? = try ExifMetadata(tiff: tiff[...])
        guard exif?.makerNote?.apple?.hdrHeadroomValues != nil else { return bytes }
        remove(from: &exif)
        try editor.setExif(try exif!.serialized())
        return try editor.serialized()
    }

    private static func claimsInDirectory(_ file: JPEGFile) -> Bool {
        file.xmpPacket.flatMap(MotionPhotoXMPScan.metadata)?.hasGainMap ?? false
    }

    private static func isISO(_ segment: JPEGSegment) -> Bool {
        segment.marker == JPEGMarker.app2 && segment.payloadStarts(with: ISO21496Metadata.urn)
    }
}
