import Foundation

/// Puts a Motion Photo back together from a still and its video kept as a separate file (as
/// Google Takeout splits them: `PXL_….MP.jpg` + `PXL_….MP`, or a Samsung `.jpg` + `.MP4`).
///
/// The still's coded image is kept; its XMP gets the Motion Photo description (any earlier one,
/// whose video is gone, replaced), keeping its presentation timestamp when it has one. A QuickTime
/// video is first rewritten as an MP4 (``MovieToMP4``); an MP4 goes in byte for byte.
public enum MotionPhotoJoiner {
    /// The longest video taken as a Motion Photo's (phones record about 3 seconds).
    public static let maximumSeconds = 10.0

    /// Writes the Motion Photo of `stillPath` + `moviePath` to `destination` (atomically).
    /// - Throws: ``MediaError`` naming the file at fault: `.unsupported` for a still that is not a
    ///   JPEG or HEIC, or a video that is not H.264 or HEVC; `.tooLarge` for a video longer than
    ///   ``maximumSeconds``; what reading either file throws.
    @discardableResult
    public static func join(stillPath: String, moviePath: String, to destination: String) throws -> MotionPhotoWriter.Result {
        let movie = try QuickTimeMovie(path: moviePath)
        guard movie.duration <= maximumSeconds else {
            throw MediaError(.tooLarge, file: moviePath, "a \(Int(movie.duration)) s video is no Motion Photo's (at most \(Int(maximumSeconds)) s)")
        }
        let still = try RandomAccessFile(path: stillPath)
        let bytes = try still.readAll(limit: HEICStill.maximumFileSize)
        var mp4Path = moviePath
        var scratch: String?
        defer { scratch.map { try? FileManager.default.removeItem(atPath: $0) } }
        if movie.majorBrand == "qt  " {
            let converted = destination + ".video.mp4"
            scratch = converted
            try MovieToMP4.convert(movie, to: converted)
            mp4Path = converted
        }
        switch StillFormat(sniffing: Array(bytes.prefix(16))) {
        case .jpeg:
            let jpeg = try MediaError.naming(stillPath) { try JPEGFile(parsing: bytes) }
            let timestamp = try presentationTimestamp(jpeg.xmpPacket, file: stillPath)
            return try MotionPhotoWriter.write(primary: jpeg, mp4Path: mp4Path, presentationTimestampUs: timestamp, to: destination)
        case .heic:
            let xmp = try MediaError.naming(stillPath) { try HEIFMetadataEditor(bytes: bytes).xmp() }
            let timestamp = try presentationTimestamp(xmp, file: stillPath)
            return try MotionPhotoWriter.write(heifPrimary: bytes, mp4Path: mp4Path, presentationTimestampUs: timestamp, to: destination)
        case .png, nil:
            throw MediaError(.unsupported, file: stillPath, "not a JPEG or HEIC still: no Motion Photo can be made of it")
        }
    }

    /// The still's time in the video that the still's XMP gives, or -1 (unknown).
    private static func presentationTimestamp(_ xmp: [UInt8]?, file: String) throws -> Int64 {
        guard let xmp else { return -1 }
        let packet = try MediaError.naming(file) { try XMPPacket(parsing: xmp) }
        let metadata = MotionPhotoMetadata(packet)
        return metadata.presentationTimestampUs ?? metadata.microVideoPresentationTimestampUs ?? -1
    }
}
