/// Removes the recording location from a still of any supported format, leaving its pixels
/// untouched: for a JPEG through ``JPEGMetadataEditor`` (EXIF GPS and XMP places; what follows
/// the image is dropped), for a HEIC through ``HEIFMetadataEditor`` (the EXIF and XMP items), for
/// a PNG through ``PNGChunks`` (its `eXIf` and XMP `iTXt` chunks).
public enum StillLocationRemover {
    /// The still held in `bytes`, without location.
    /// - Parameter file: The still's path, for error messages.
    /// - Throws: ``MediaError`` naming the file: `.unsupported` for other formats, `.corrupt` for
    ///   unreadable metadata.
    public static func removingLocation(from bytes: [UInt8], file: String) throws -> [UInt8] {
        try MediaError.naming(file) {
            switch StillFormat(sniffing: Array(bytes.prefix(16))) {
            case .jpeg:
                return try JPEGMetadataEditor.apply(.init(removeLocation: true), to: try JPEGFile(parsing: bytes))
            case .heic:
                var editor = try HEIFMetadataEditor(bytes: bytes)
                try editor.removeLocation()
                return try editor.serialized()
            case .png:
                var chunks = try PNGChunks(bytes)
                try chunks.removeLocation()
                return chunks.serialized()
            case nil:
                throw MediaError(.unsupported, "not a JPEG, HEIC or PNG still")
            }
        }
    }

    /// The still at `path`, without location.
    public static func removingLocation(fromFileAt path: String) throws -> [UInt8] {
        let file = try RandomAccessFile(path: path)
        return try removingLocation(from: try file.readAll(limit: HEICStill.maximumFileSize), file: path)
    }
}
