import Foundation

/// Gives a finished file the capture date and location it lacks (from a Google Takeout sidecar),
/// in the file's own metadata, replacing it atomically; what the file has is never changed.
///
/// - JPEG: EXIF `DateTimeOriginal`/`CreateDate` (UTC, `OffsetTimeOriginal` `+00:00`) and a GPS
///   directory, through ``JPEGMetadataEditor`` (an EXIF block is added when there is none).
///   What follows the image (a Motion Photo's video, a Samsung trailer) is kept byte for byte:
///   those are located from the end of the file, and an MPF index's offsets are relative to itself.
/// - HEIC: the same tags in its EXIF item, through ``HEIFMetadataEditor``; a HEIC Motion Photo's
///   `mpvd` video and `sefd` trailer follow byte for byte. A HEIC without an EXIF item is left as
///   it is (with a note).
/// - QuickTime and MP4: `mvhd`'s creation time when it is zero, and the keys
///   `com.apple.quicktime.creationdate` and `com.apple.quicktime.location.ISO6709` (and, in an
///   MP4, `udta/©xyz`), every track copied byte for byte.
/// - PNG: the same tags in its `eXIf` chunk (added before `IDAT` when there is none).
/// - WebP (still or animated): the same tags in its `EXIF` chunk, through libwebpmux
///   (``WebPExif``), which adds the chunk, and the extended header, when there is none.
/// - GIF: `exif:DateTimeOriginal` and `exif:GPS*` in its XMP packet (``GIFXMP``, the XMP
///   application extension, added when there is none), through Exempi.
/// - Other formats are left as they are (with a note).
public enum CaptureFactsWriter {
    /// What filling a file did.
    public struct Filled: Sendable, Equatable, Codable {
        /// What was written (`"date"`, `"location"`); empty when the file had everything.
        public var written: [String] = []
        /// Why the file was left as it is, when it lacked something it could not be given.
        public var note: String?
    }

    /// Seconds from 1904 (QuickTime's epoch) to 1970.
    static let quickTimeEpochOffset: Double = 2_082_844_800

    /// A still's whole content given what ``CaptureFactsWriter`` gives it: the file's bytes with the
    /// facts written in (or as read, when it lacked nothing), and what was written.
    public struct FilledStill: Sendable {
        /// The file's bytes, facts given; nil for a format that carries none here (not read).
        public var bytes: [UInt8]?
        public var filled: Filled
    }

    /// Gives the file at `path` what `facts` has and it lacks.
    /// - Throws: ``MediaError`` naming the file for unreadable metadata or a failed write.
    public static func fill(_ path: String, with facts: CaptureFacts) throws -> Filled {
        guard !facts.isEmpty else { return Filled() }
        guard let still = try filledStill(path, with: facts) else { return try fillMovie(path, facts: facts) }
        if let bytes = still.bytes, !still.filled.written.isEmpty { try AtomicFileWriter.write(bytes, to: path) }
        return still.filled
    }

    /// The still at `path` with what `facts` has and it lacks, in memory (a copy that gives a photo
    /// its sidecar's facts reads it once and writes it once); nil for a movie, which
    /// ``fill(_:with:)`` rewrites in place.
    /// - Throws: ``MediaError`` naming the file for unreadable metadata.
    public static func filledStill(_ path: String, with facts: CaptureFacts) throws -> FilledStill? {
        let file = try RandomAccessFile(path: path)
        let type = MediaFileType(sniffing: try file.read(at: 0, count: Int(min(file.size, 64))))
        switch type {
        case .quickTime, .mp4: return nil
        case .jpeg, .heic, .png, .webp, .gif: break
        default:
            let note = "\((path as NSString).lastPathComponent): its format carries no capture date or location here"
            return FilledStill(bytes: nil, filled: facts.isEmpty ? Filled() : Filled(note: note))
        }
        // Read once, whatever the format; each filler edits these bytes.
        let bytes = try file.readAll(limit: type == .png ? PNGStill.maximumFileSize : HEICStill.maximumFileSize)
        return try MediaError.naming(path) {
            switch type {
            case .jpeg: try fillJPEG(bytes, facts: facts)
            case .png: try fillPNG(bytes, facts: facts)
            case .webp: try fillWebP(bytes, path: path, facts: facts)
            case .gif: try fillGIF(bytes, path: path, facts: facts)
            default: try fillHEIC(bytes, path: path, facts: facts)
            }
        }
    }

    private static func fillJPEG(_ bytes: [UInt8], facts: CaptureFacts) throws -> FilledStill {
        let jpeg = try JPEGFile(parsing: bytes)
        var written: [String] = []
        let edited = try JPEGMetadataEditor.apply(.init(editExif: { exif in written = exif.fill(facts) }), to: jpeg)
        guard !written.isEmpty else { return FilledStill(bytes: bytes, filled: Filled()) }
        return FilledStill(bytes: edited + jpeg.trailingBytes, filled: Filled(written: written))
    }

    private static func fillPNG(_ bytes: [UInt8], facts: CaptureFacts) throws -> FilledStill {
        var chunks = try PNGChunks(bytes)
        var written: [String] = []
        try chunks.editExif { written = $0.fill(facts) }
        guard !written.isEmpty else { return FilledStill(bytes: bytes, filled: Filled()) }
        return FilledStill(bytes: chunks.serialized(), filled: Filled(written: written))
    }

    private static func fillWebP(_ bytes: [UInt8], path: String, facts: CaptureFacts) throws -> FilledStill {
        var written: [String] = []
        let edited = try WebPExif.editing(bytes, file: path) { tiff in
            var exif = try tiff.map { try ExifMetadata(tiff: $0) } ?? ExifMetadata.minimal()
            written = exif.fill(facts)
            return written.isEmpty ? nil : try exif.serialized()
        }
        return FilledStill(bytes: edited ?? bytes, filled: Filled(written: written))
    }

    private static func fillGIF(_ bytes: [UInt8], path: String, facts: CaptureFacts) throws -> FilledStill {
        let packet = try GIFXMP.packet(in: bytes, file: path).map { try XMPPacket(parsing: $0) } ?? XMPPacket()
        let written = try packet.fill(facts)
        guard !written.isEmpty else { return FilledStill(bytes: bytes, filled: Filled()) }
        return FilledStill(bytes: try GIFXMP.setting(try packet.serialized(), in: bytes, file: path), filled: Filled(written: written))
    }

    private static func fillHEIC(_ bytes: [UInt8], path: String, facts: CaptureFacts) throws -> FilledStill {
        var editor = try HEIFMetadataEditor(bytes: bytes)
        var exif = try editor.exif().map { try ExifMetadata(tiff: $0) }
        let lacks = exif.map { !$0.hasCaptureDate && facts.date != nil || !$0.hasLocation && facts.location != nil } ?? true
        guard lacks else { return FilledStill(bytes: bytes, filled: Filled()) }
        guard exif != nil else {
            let name = (path as NSString).lastPathComponent
            return FilledStill(bytes: bytes, filled: Filled(note: "\(name): a HEIC without an EXIF item is not given a date or location"))
        }
        let written = exif!.fill(facts)
        try editor.setExif(try exif!.serialized())
        // A Motion Photo's video and Samsung trailer go back after the new metadata as they were,
        // the trailer's mpv2 record pointed at the video's new place.
        let record = try editor.motionPhotoRegion.flatMap { region in
            let window = try RandomAccessFile(path: path, offset: Int64(region.lowerBound), length: Int64(region.count))
            return try SamsungTrailer.motionPhotoBlock(in: window).map { Int($0.dataOffset) }
        }
        return FilledStill(bytes: try editor.serializedKeepingMotionPhoto(videoRecord: record), filled: Filled(written: written))
    }

    private static func fillMovie(_ path: String, facts: CaptureFacts) throws -> Filled {
        let movie = try QuickTimeMovie(path: path)
        let hasDate = MovieHeaderTimes.creation(of: movie.moov) != 0 || movie.metadata.string(forKey: creationDateKey) != nil
        let giveDate = !hasDate ? facts : CaptureFacts()
        let giveLocation = MovieLocationRemover.hasLocation(movie) ? nil : facts.location
        guard giveDate.date != nil || giveLocation != nil else { return Filled() }
        var written: [String] = []
        // The copy replaces the movie only once whole; the movie is read through its open file until then.
        try QuickTimeMovieWriter.rewrite(movie, to: path) { moov in
            var metadata = movie.metadata
            if let date = giveDate.date, let text = giveDate.iso8601Date {
                try MovieHeaderTimes.setCreation(date.timeIntervalSince1970 + quickTimeEpochOffset, in: &moov)
                metadata.setString(text, forKey: creationDateKey)
                written.append("date")
            }
            if let location = giveLocation {
                metadata.setString(location.iso6709, forKey: MovieToMP4.locationKey)
                if movie.majorBrand != "qt  " {
                    let box = MP4Boxes.location(location.iso6709)
                    if !moov.modify(["udta"], { $0.setChild(box) }) { moov.children?.append(Box("udta", children: [box])) }
                }
                written.append("location")
            }
            moov.setChild(metadata.makeBox())
        }
        return Filled(written: written)
    }

    /// Apple's creation date key.
    public static let creationDateKey = "com.apple.quicktime.creationdate"
}
