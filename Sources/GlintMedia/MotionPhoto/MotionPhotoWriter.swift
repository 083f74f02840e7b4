import Foundation

/// Writes a Google Motion Photo (v1): a JPEG primary image whose XMP describes the video,
/// followed by the MP4 (`…MP.jpg`).
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
    ///   - destination: The output path.
    /// - Throws: ``MediaError``: `.tooLarge` when the merged XMP does not fit one APP1 segment,
    ///   `.corrupt` for unreadable metadata, `.writeFailed`.
    @discardableResult
    public static func write(primary: JPEGFile, mp4Path: String, presentationTimestampUs: Int64, removeLocation: Bool = false,
                             to destination: String) throws -> Result {
        let video = try RandomAccessFile(path: mp4Path)
        guard video.size > 0 else { throw MediaError(.empty, file: mp4Path, "the Motion Photo video is empty") }
        let jpeg = try MediaError.naming(destination) {
            try JPEGMetadataEditor.apply(JPEGMetadataEditor.Edit(removeLocation: removeLocation) { packet in
                try MotionPhotoMetadata.write(into: packet, videoLength: video.size,
                                              presentationTimestampUs: max(-1, presentationTimestampUs))
            }, to: primary)
        }
        let output = try AtomicFileWriter(destination: destination)
        try output.write(jpeg)
        var done: Int64 = 0
        while done < video.size {
            let count = Int(min(4 << 20, video.size - done))
            try output.write(try video.read(at: done, count: count))
            done += Int64(count)
        }
        try output.commit()
        return Result(path: destination, size: Int64(jpeg.count) + video.size, videoOffset: Int64(jpeg.count), videoLength: video.size)
    }
}
