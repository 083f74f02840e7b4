import GlintMedia

/// The JPEG file of a Long Exposure, carrying the source still's metadata where it still holds.
///
/// Kept: EXIF (capture date, camera, exposure, GPS), XMP, comments. Changed: the pixel
/// dimensions; the orientation becomes 1 (the pixels are upright); the EXIF thumbnail is redrawn
/// when there was one. Dropped: the Apple MakerNote's Live Photo identifier and video index (the
/// result is no longer half of a Live Photo, and must not pair with the movie), the ICC profile
/// (the pixels come from the movie, whose colours are BT.709, not the still's profile), and MPF.
enum LongExposureStill {
    /// Encodes `image`, with metadata from `still` when given.
    static func encode(_ image: RGBImage, still: JPEGStill?, quality: Int) throws -> [UInt8] {
        let encoded = try JPEGEncoder.encode(image, quality: quality)
        guard let still else { return try JPEGAssembler.assemble(encoded: encoded, segments: []) }
        return try MediaError.naming(still.path) {
            var exif = still.exif
            if var metadata = exif {
                metadata.orientation = .up
                try metadata.setPixelDimensions(width: image.width, height: image.height)
                if var note = metadata.makerNote?.apple {
                    note.directory.remove(AppleMakerNote.contentIdentifierTag)
                    note.directory.remove(AppleMakerNote.livePhotoVideoIndexTag)
                    metadata.makerNote = .apple(note)
                }
                if metadata.thumbnail != nil { metadata.thumbnail = try StillEditor.thumbnail(of: image) }
                exif = metadata
            }
            let segments = try StillEditor.metadataSegments(of: still.file, exif: exif).filter {
                !($0.marker == JPEGMarker.app2 && $0.payload.starts(with: JPEGSegment.iccProfileSignature))
            }
            return try JPEGAssembler.assemble(encoded: encoded, segments: segments)
        }
    }
}
