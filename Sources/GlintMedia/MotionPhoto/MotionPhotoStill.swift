/// The still half of a Live Photo made from a Motion Photo: the primary image in its own format
/// (JPEG stays JPEG, HEIC stays HEIC), its coded image untouched, without the embedded video
/// (a JPEG's trailer and MPF index, a HEIC's `mpvd` box) and without the Motion Photo XMP, its
/// EXIF (GPS, orientation) and colour profile kept, and an Apple MakerNote carrying the content
/// identifier.
public enum MotionPhotoStill {
    /// The still's bytes and its EXIF as written.
    public struct Still {
        public var bytes: [UInt8]
        public var exif: ExifMetadata
    }

    /// The still of the Motion Photo at `path`, whose primary image is `photo.primaryMime`.
    /// - Throws: ``MediaError`` naming the file when its metadata cannot be read or rewritten.
    public static func make(_ photo: MotionPhoto, path: String, identifier: ContentIdentifier) throws -> Still {
        let file = try RandomAccessFile(path: path)
        // What comes before the video: the primary image and its metadata (a HEIF file whole,
        // or its boxes before a Samsung trailer that is no box: the editor leaves the Motion
        // Photo's `mpvd` and `sefd` boxes out; a JPEG up to its video).
        let heif = photo.primaryMime == "image/heic"
        let length = photo.primaryLength ?? (heif ? file.size : photo.videoOffset)
        let head = try file.read(at: 0, count: Int(length))
        return try MediaError.naming(path) {
            heif ? try heic(head, identifier: identifier) : try jpeg(head, identifier: identifier)
        }
    }

    static func jpeg(_ bytes: [UInt8], identifier: ContentIdentifier) throws -> Still {
        let jpeg = try JPEGFile(parsing: bytes)
        var written: ExifMetadata?
        let edit = JPEGMetadataEditor.Edit(
            editXMP: jpeg.xmpPacket == nil ? nil : { MotionPhotoMetadata.remove(from: $0) },
            editExif: { exif in
                exif.contentIdentifier = identifier
                written = exif
            })
        let output = try JPEGMetadataEditor.apply(edit, to: jpeg)
        return Still(bytes: output, exif: written ?? .minimal(contentIdentifier: identifier))
    }

    static func heic(_ bytes: [UInt8], identifier: ContentIdentifier) throws -> Still {
        var editor = try HEIFMetadataEditor(bytes: bytes)
        if let xmp = try editor.xmp() {
            let packet = try XMPPacket(parsing: xmp)
            MotionPhotoMetadata.remove(from: packet)
            editor.setXMP(try packet.serialized())
        }
        guard let tiff = try editor.exif() else {
            throw MediaError(.unsupported, "the HEIC still has no EXIF item to carry the Live Photo's content identifier")
        }
        var exif = try ExifMetadata(tiff: tiff)
        exif.contentIdentifier = identifier
        try editor.setExif(try exif.serialized())
        return Still(bytes: try editor.serialized(), exif: exif)
    }
}
