import Foundation

/// Writes a Google Motion Photo (v1): a JPEG primary image whose XMP describes the video,
/// followed by the MP4 (`…MP.jpg`); or a HEIC primary image ending with a top-level `mpvd` box
/// that holds the MP4 (`…MP.heic`, the directory's Primary `Item:Padding` being the box header).
///
/// The still's own XMP is kept and the Motion Photo properties merged into it
/// (`GCamera:MotionPhoto`, `MotionPhotoVersion`, `MotionPhotoPresentationTimestampUs`, and a
/// `Container:Directory` of Primary + MotionPhoto whose `Item:Length` is the MP4's exact size).
/// The output is written atomically; the MP4 is streamed from its file, not held in memory.
public enum MotionPhotoWriter {
    /// What was written.
    public struct Result: Sendable, Equatable {
        /// The Motion Photo's path.
        public var path: String
        /// Its size in bytes.
        public var size: Int64
        /// Where the MP4 starts.
        public var videoOffset: Int64
        /// The MP4's length (the directory's `Item:Length`).
        public var videoLength: Int64
    }

    /// Writes `primary` + the MP4 at `mp4Path` into `destination`.
    /// - Parameters:
    ///   - primary: The still, as parsed (its trailing data and MPF index are not carried).
    ///   - mp4Path: The video (an MP4 from ``MovieToMP4`` or ``MP4Writer``).
    ///   - presentationTimestampUs: The still's time in the video, in microseconds (-1: unknown).
    ///   - removeLocation: Also remove the still's EXIF GPS and XMP location.
    ///   - samsung: A Samsung trailer to write around the MP4 (the input's, for an edit): the XMP's
    ///     `Item:Length` then runs from the MP4 to the end of the file and the Primary's
    ///     `Item:Padding` covers the blocks before it, so that readers counting from either end
    ///     find the MP4's first byte.
    ///   - destination: The output path.
    /// - Throws: ``MediaError``: `.tooLarge` when the merged XMP does not fit one APP1 segment,
    ///   `.corrupt` for unreadable metadata, `.writeFailed`.
    @discardableResult
    public static func write(
        primary: JPEGFile, mp4Path: String, presentationTimestampUs: Int64, removeLocation: Bool = false,
        samsung: SamsungTrailerCopy? = nil, to destination: String
    ) throws -> Result {
        let video = try RandomAccessFile(path: mp4Path)
        guard video.size > 0 else { throw MediaError(.empty, file: mp4Path, "the Motion Photo video is empty") }
        let trailer: (before: [UInt8], after: [UInt8]) = try samsung?.trailer(inlineVideoLength: video.size) ?? (before: [], after: [])
        let jpeg = try MediaError.naming(destination) {
            try JPEGMetadataEditor.apply(
                JPEGMetadataEditor.Edit(removeLocation: removeLocation) { packet in
                    try MotionPhotoMetadata.write(
                        into: packet, videoLength: video.size + Int64(trailer.after.count),
                        presentationTimestampUs: max(-1, presentationTimestampUs), primaryPadding: Int64(trailer.before.count))
                }, to: primary)
        }
        return try write(head: jpeg + trailer.before, video: video, tail: trailer.after, to: destination)
    }

    /// Writes a HEIC Motion Photo: `primary` (a HEIF file) with the Motion Photo XMP merged into
    /// its XMP item, then a top-level `mpvd` box holding the MP4 at `mp4Path`. The coded image
    /// is copied untouched.
    /// - Parameters:
    ///   - primary: The HEIC file's bytes (a trailing `mpvd` box is replaced).
    ///   - mp4Path: The video.
    ///   - presentationTimestampUs: The still's time in the video, in microseconds (-1: unknown).
    ///   - removeLocation: Also remove the still's EXIF GPS and XMP location.
    ///   - samsung: A Samsung trailer to write with an `mpv2` record of the MP4, where its
    ///     placement says (the input's, for an edit).
    ///   - destination: The output path.
    @discardableResult
    public static func write(
        heifPrimary primary: [UInt8], mp4Path: String, presentationTimestampUs: Int64,
        removeLocation: Bool = false, samsung: SamsungTrailerCopy? = nil, to destination: String
    ) throws -> Result {
        let video = try RandomAccessFile(path: mp4Path)
        guard video.size > 0 else { throw MediaError(.empty, file: mp4Path, "the Motion Photo video is empty") }
        // A nested `sefd` box is inside the `mpvd` box: its size (the record's values do not change it) counts.
        var nestedSize: Int64 = 0
        if let samsung, samsung.placement == .nestedInVideoBox {
            let trailer = try samsung.trailer(record: (0, 0)).after
            nestedSize = 8 + Int64(trailer.count)
        }
        let wide = video.size + nestedSize + 8 > Int64(UInt32.max)
        let heif = try MediaError.naming(destination) { () -> [UInt8] in
            var editor = try HEIFMetadataEditor(bytes: primary)
            if removeLocation { try editor.removeLocation() }
            let packet = try editor.xmp().map { try XMPPacket(parsing: $0) } ?? XMPPacket()
            try MotionPhotoMetadata.write(
                into: packet, videoLength: video.size, presentationTimestampUs: max(-1, presentationTimestampUs),
                primaryMime: "image/heic", primaryPadding: wide ? 16 : 8)
            editor.setXMP(try packet.serialized())
            return try editor.serialized()
        }
        var header = ByteWriter()
        if wide {
            header.write(UInt32(1))
            header.write(FourCC("mpvd"))
            header.write(UInt64(video.size + nestedSize + 16))
        } else {
            header.write(UInt32(video.size + nestedSize + 8))
            header.write(FourCC("mpvd"))
        }
        let tail = try samsung.map { try heifTrailer($0, record: (Int64(heif.count + header.bytes.count), video.size)) } ?? []
        return try write(head: heif + header.bytes, video: video, tail: tail, to: destination)
    }

    /// The bytes that follow the MP4 in a HEIC Motion Photo with a Samsung trailer: a `sefd` box
    /// (inside the `mpvd` box, or beside it) or the bare trailer.
    private static func heifTrailer(_ samsung: SamsungTrailerCopy, record: (offset: Int64, length: Int64)) throws -> [UInt8] {
        let trailer = try samsung.trailer(record: record).after
        switch samsung.placement {
        case .afterVideoBox: return trailer
        case .nestedInVideoBox, .besideVideoBox, .jpegTrailer:
            var box = ByteWriter()
            box.write(UInt32(8 + trailer.count))
            box.write(FourCC("sefd"))
            return box.bytes + trailer
        }
    }

    /// Writes `head`, then the video, then `tail`, atomically.
    private static func write(head: [UInt8], video: RandomAccessFile, tail: [UInt8] = [], to destination: String) throws -> Result {
        let output = try AtomicFileWriter(destination: destination)
        try output.write(head)
        var done: Int64 = 0
        while done < video.size {
            let count = Int(min(4 << 20, video.size - done))
            try output.write(try video.read(at: done, count: count))
            done += Int64(count)
        }
        try output.write(tail)
        try output.commit()
        return Result(
            path: destination, size: Int64(head.count) + video.size + Int64(tail.count), videoOffset: Int64(head.count), videoLength: video.size)
    }
}
