import GlintMedia

/// The JPEG file of a Long Exposure, carrying the source still's metadata where it still holds,
/// whatever the still's format (JPEG or HEIC).
///
/// Kept: EXIF (capture date, camera, exposure, GPS) and XMP. Changed: the pixel dimensions; the
/// orientation becomes 1 (the pixels are upright); the EXIF thumbnail is redrawn when there was
/// one. Dropped: the Apple MakerNote's Live Photo identifier and video index (the result is no
/// longer half of a Live Photo, and must not pair with the movie) and the colour profile (the
/// pixels come from the movie, whose colours are BT.709 like sRGB, not the still's Display P3).
enum LongExposureStill {
    /// Encodes `image`, with metadata from `still` when given; `stripLocation` leaves out the GPS
    /// block and the XMP.
    static func encode(_ image: RGBImage, still: (any StillImage)?, quality: Int, stripLocation: Bool = false) throws -> [UInt8] {
        let encoded = try JPEGEncoder.encode(image, quality: quality)
        guard let still else { return try JPEGAssembler.assemble(encoded: encoded, segments: []) }
        return try MediaError.naming(still.path) {
            var segments: [JPEGSegment] = []
            if var exif = still.exif {
                exif.orientation = .up
                try exif.setPixelDimensions(width: image.width, height: image.height)
                if var note = exif.makerNote?.apple {
                    note.directory.remove(AppleMakerNote.contentIdentifierTag)
                    note.directory.remove(AppleMakerNote.livePhotoVideoIndexTag)
                    exif.makerNote = .apple(note)
                }
                if exif.thumbnail != nil { exif.thumbnail = try StillEditor.thumbnail(of: image) }
                if stripLocation { exif.removeGPS() }
                segments.append(try JPEGSegment.exif(try exif.serialized()))
            }
            if let xmp = still.xmpPacket, !stripLocation { segments.append(try JPEGSegment.xmp(xmp)) }
            return try JPEGAssembler.assemble(encoded: encoded, segments: segments)
        }
    }
}
