/// Finds and checks the video of a Motion Photo, in every form the phones write:
///
/// - Google Motion Photo v1: XMP `GCamera:MotionPhoto` with a `Container:Directory` whose
///   `MotionPhoto` item gives the video's `Length` (and `Padding`), counted from the end;
/// - the legacy `GCamera:MicroVideo` with `MicroVideoOffset` (the video's length from the end);
/// - Samsung's JPEG trailer (`MotionPhoto_Data` block with an `SEFH`/`SEFT` directory);
/// - HEIF files with a top-level `mpvd` box holding the MP4.
///
/// A directory without a `MotionPhoto` item (an Ultra HDR photo's Primary + GainMap) is not a
/// Motion Photo. The video found is validated: its boxes must parse and libavformat must open
/// and decode it; otherwise the reader throws an error that names the file and says the
/// embedded video is broken.
public enum MotionPhotoReader {
    /// Reads the file at `path` (JPEG or HEIF).
    /// A PNG is recognised as a plain still.
    /// - Throws: ``MediaError`` naming the file: `.unsupported` when it is no JPEG, HEIF or PNG;
    ///   `.corrupt`/`.truncated` when the file says it is a Motion Photo but its video is missing,
    ///   cut short or undecodable.
    public static func read(path: String, depth: MovieDecodeCheck.Depth = .everyFrame) throws -> PhotoContainer {
        let file = try RandomAccessFile(path: path)
        let head = try file.read(at: 0, count: Int(min(file.size, 12)))
        if head.starts(with: PNGHeader.signature) {
            return PhotoContainer(motionPhoto: nil, directory: [])  // a PNG carries no Motion Photo
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            let bytes = try file.readAll(limit: JPEGStill.maximumFileSize)
            return try read(jpeg: try MediaError.naming(path) { try JPEGFile(parsing: bytes) }, file: file, depth: depth)
        }
        if head.count >= 8, head[4..<8].elementsEqual(Array("ftyp".utf8)) {
            return try read(heif: file, depth: depth)
        }
        throw MediaError(.unsupported, file: path, "not a JPEG, HEIF or PNG photo")
    }

    /// Reads a JPEG already parsed (`file` is the same file, for ranged reads).
    public static func read(jpeg: JPEGFile, file: RandomAccessFile, depth: MovieDecodeCheck.Depth = .everyFrame) throws -> PhotoContainer {
        var warnings: [String] = []
        let metadata = xmp(jpeg.xmpPacket, warnings: &warnings)
        let directory = metadata?.directory ?? []
        let primaryEnd = Int64(jpeg.endOfImageOffset)
        // The container structure first (Samsung's trailer directory, the MP4's own boxes); the
        // XMP is a hint: real Samsung files carry wrong `Item:Length` values.
        var location: (Int64, Int64, MotionPhoto.Source)?
        if let block = try MediaError.naming(file.path, { try SamsungTrailer.motionPhotoBlock(in: file) }) {
            let video = try SamsungTrailer.videoLocation(of: block, in: file)
            location = (video.offset, video.length, .samsungTrailer)
            // Samsung's own XMP (and Glint's, beside a trailer) counts the video to the end of the
            // file, trailer included: the same first byte is agreement.
            if let metadata, let hinted = try? locate(metadata, fileSize: file.size, path: file.path),
                hinted.0 != video.offset || (hinted.1 != video.length && hinted.0 + hinted.1 != file.size)
            {
                warnings.append(
                    "the \(hinted.2.phrase) gives the video \(hinted.1) bytes at byte \(hinted.0), but the Samsung trailer's "
                        + "\(SamsungTrailer.motionPhotoName) block puts \(video.length) at byte \(video.offset): the trailer is used")
            }
        } else if let metadata, let hinted = try locate(metadata, fileSize: file.size, path: file.path) {
            location = mp4Start(hinted, in: jpeg.bytes, after: primaryEnd, warnings: &warnings)
        }
        guard let (offset, length, source) = location else {
            try SamsungTrailer.checkNotCutShort(jpeg.bytes, after: Int(primaryEnd), path: file.path)
            return PhotoContainer(motionPhoto: nil, directory: directory)
        }
        guard offset >= primaryEnd else {
            throw MediaError(
                .truncated, file: file.path,
                "the embedded Motion Photo video is broken: the \(source.phrase) says it is "
                    + "the last \(length) bytes, but only \(max(0, file.size - primaryEnd)) bytes follow the primary image: the file is truncated")
        }
        let video = try validate(file: file, offset: offset, length: length, source: source, depth: depth)
        let photo = MotionPhoto(
            source: source, primaryMime: "image/jpeg", videoOffset: offset, videoLength: length,
            presentationTimestampUs: metadata?.stillTimestampUs, video: video, warnings: warnings)
        return PhotoContainer(motionPhoto: photo, directory: directory)
    }

    /// Reads a HEIF file: its `mpvd` box, or else the XMP directory.
    public static func read(heif file: RandomAccessFile, depth: MovieDecodeCheck.Depth = .everyFrame) throws -> PhotoContainer {
        // A Samsung trailer may follow the boxes: after an `mpvd` box, or alone (the versionless
        // form), when the boxes are those before the trailer's block.
        let blocks = try MediaError.naming(file.path) { try SamsungTrailer.blocks(in: file) }
        let trailer = blocks?.first { $0.name == SamsungTrailer.motionPhotoName || $0.type == SamsungTrailer.motionPhotoType }
        var primary = file
        let boxes: [TopLevelBox]
        do {
            do {
                boxes = try TopLevelBox.scan(file)
            } catch let error as MediaError {
                // Trailer bytes that are no box: the boxes are those before its first block.
                guard let start = blocks?.map(\.start).min() else { throw error }
                primary = try RandomAccessFile(path: file.path, offset: 0, length: start)
                boxes = try TopLevelBox.scan(primary)
            }
        } catch let error as MediaError where error.kind == .truncated {
            throw MediaError(.truncated, file: file.path, "the HEIF file is truncated (\(error.problem)); an embedded Motion Photo video would be cut short")
        }
        var warnings: [String] = []
        var metadata: MotionPhotoMetadata?
        do {
            let items = try HEIFItems(file: primary, boxes: boxes)
            if let item = items.xmpItem { metadata = xmp(try items.data(of: item, in: primary), warnings: &warnings) }
        } catch let error as MediaError {
            warnings.append("the HEIF metadata could not be read: \(error.problem)")
        }
        let directory = metadata?.directory ?? []
        guard let (offset, length, source) = try heifVideo(boxes: boxes, trailer: trailer, metadata: metadata, file: file, warnings: &warnings) else {
            return PhotoContainer(motionPhoto: nil, directory: directory)
        }
        let video = try validate(file: file, offset: offset, length: length, source: source, depth: depth)
        var photo = MotionPhoto(
            source: source, primaryMime: "image/heic", videoOffset: offset, videoLength: length,
            presentationTimestampUs: metadata?.stillTimestampUs, video: video, warnings: warnings)
        if primary.size < file.size { photo.primaryLength = primary.size }
        return PhotoContainer(motionPhoto: photo, directory: directory)
    }

    /// Where a HEIF file's video is: its `mpvd` box, else its Samsung trailer, else where the XMP
    /// says; an XMP length that disagrees with the box or the trailer is a warning.
    static func heifVideo(
        boxes: [TopLevelBox], trailer: SamsungTrailer.Block?, metadata: MotionPhotoMetadata?, file: RandomAccessFile, warnings: inout [String]
    ) throws -> (Int64, Int64, MotionPhoto.Source)? {
        let hintedLength = metadata?.motionPhotoItem?.item.length
        if let box = boxes.first(where: { $0.type == "mpvd" }) {
            // Beside the box, a record that cannot be followed is only a hint that failed.
            let record = trailer.flatMap { try? SamsungTrailer.videoLocation(of: $0, in: file) }
            if trailer != nil, record == nil { warnings.append("the Samsung trailer's video entry points outside the file: the mpvd box is used") }
            let (offset, length) = mpvdVideo(box, record: record, file: file, warnings: &warnings)
            if let hintedLength, hintedLength != length {
                warnings.append("the XMP directory gives the video \(hintedLength) bytes, but the mpvd box holds \(length): the box is used")
            }
            return (offset, length, .heifBox)
        }
        if let trailer {
            let trailerVideo = try SamsungTrailer.videoLocation(of: trailer, in: file)
            if let hintedLength, hintedLength != trailerVideo.length {
                warnings.append(
                    "the XMP directory gives the video \(hintedLength) bytes, but the Samsung trailer's \(SamsungTrailer.motionPhotoName) block "
                        + "puts \(trailerVideo.length) there: the trailer is used")
            }
            return (trailerVideo.offset, trailerVideo.length, .samsungTrailer)
        }
        return try metadata.flatMap { try locate($0, fileSize: file.size, path: file.path) }
    }

    /// The video in an `mpvd` box: its data up to a Samsung `sefd` box nested after the MP4
    /// (Galaxy S22 and S23 put their trailer there), found by walking the MP4's own top-level
    /// boxes; else where the trailer's `mpv2` record points, when that is inside the box; else the
    /// box's whole data. A record that disagrees with the box is a warning (edited files keep an
    /// old offset).
    static func mpvdVideo(
        _ box: TopLevelBox, record: (offset: Int64, length: Int64)?, file: RandomAccessFile, warnings: inout [String]
    ) -> (Int64, Int64) {
        let start = box.payloadOffset
        let end = box.offset + box.size
        var video = (start, end - start)
        if let window = try? RandomAccessFile(path: file.path, offset: start, length: end - start),
            let inner = try? TopLevelBox.scan(window), let trailer = inner.first(where: { $0.type == "sefd" }), trailer.offset > 0
        {
            video = (start, trailer.offset)
        } else if let record, record.offset >= start, record.offset + record.length <= end {
            return (record.offset, record.length)
        }
        if let record, record.offset != video.0 || record.length != video.1 {
            warnings.append(
                "the Samsung trailer's \(SamsungTrailer.videoRecordTag) record gives the video \(record.length) bytes at byte \(record.offset), "
                    + "but the mpvd box holds \(video.1) at byte \(video.0): the box is used")
        }
        return video
    }

    /// Copies the video of `photo` out of the file at `path` into `destination` (atomically).
    public static func extractVideo(of photo: MotionPhoto, from path: String, to destination: String) throws {
        let file = try RandomAccessFile(path: path, offset: photo.videoOffset, length: photo.videoLength)
        let output = try AtomicFileWriter(destination: destination)
        var done: Int64 = 0
        while done < file.size {
            let count = Int(min(4 << 20, file.size - done))
            try output.write(try file.read(at: done, count: count))
            done += Int64(count)
        }
        try output.commit()
    }

    /// `hinted` (where the XMP says the video is) when an MP4 starts there (`ftyp`); else the
    /// first MP4 after the primary image, up to the same end, with a warning. A file cut short
    /// keeps the XMP's location, for the truncation error.
    static func mp4Start(
        _ hinted: (Int64, Int64, MotionPhoto.Source), in bytes: [UInt8], after primaryEnd: Int64, warnings: inout [String]
    ) -> (Int64, Int64, MotionPhoto.Source) {
        let (offset, length, source) = hinted
        let end = offset + length
        func startsMP4(_ at: Int) -> Bool { at >= 0 && at + 8 <= bytes.count && bytes[(at + 4)..<(at + 8)].elementsEqual(Array("ftyp".utf8)) }
        guard offset >= primaryEnd, primaryEnd + 4 <= end, end <= Int64(bytes.count), !startsMP4(Int(offset)) else { return hinted }
        // `ftyp` four bytes into the first box after the image (and before where the XMP's video ends).
        guard let found = bytes[(Int(primaryEnd) + 4)..<Int(end)].firstRange(of: Array("ftyp".utf8)) else { return hinted }
        let start = Int64(found.lowerBound - 4)
        warnings.append(
            "the \(source.phrase) gives the video \(length) bytes at byte \(offset), but the MP4 starts at byte \(start): the file's structure is used")
        return (start, end - start, source)
    }

    /// The Motion Photo properties of an XMP packet; a packet that does not parse gives a warning.
    static func xmp(_ bytes: [UInt8]?, warnings: inout [String]) -> MotionPhotoMetadata? {
        guard let bytes else { return nil }
        do {
            return MotionPhotoMetadata(try XMPPacket(parsing: bytes))
        } catch let error as MediaError {
            warnings.append("the XMP packet could not be read: \(error.problem)")
        } catch {
            warnings.append("the XMP packet could not be read")
        }
        return nil
    }

    /// Where the XMP says the video is, or `nil` when it describes none
    /// (``MotionPhotoMetadata/videoLocation(fileSize:path:)``).
    static func locate(_ metadata: MotionPhotoMetadata, fileSize: Int64, path: String) throws -> (Int64, Int64, MotionPhoto.Source)? {
        try metadata.videoLocation(fileSize: fileSize, path: path).map { ($0.offset, $0.length, $0.source) }
    }

    /// Parses and decodes the video in `offset..<offset+length` (every frame, or the first).
    static func validate(
        file: RandomAccessFile, offset: Int64, length: Int64, source: MotionPhoto.Source, depth: MovieDecodeCheck.Depth = .everyFrame
    ) throws -> EmbeddedVideo {
        func broken(_ error: MediaError) -> MediaError {
            MediaError(
                error.kind == .truncated ? .truncated : .corrupt, file: file.path,
                "the embedded Motion Photo video (\(length) bytes at offset \(offset), from the \(source.phrase)) is broken: \(error.problem)")
        }
        do {
            let window = try RandomAccessFile(path: file.path, offset: offset, length: length)
            let movie = try QuickTimeMovie(file: window)
            guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
                throw MediaError(.corrupt, "it has no video track")
            }
            let entry = try VisualSampleEntry(description)
            let check = try MovieDecodeCheck.run(window, depth: depth)
            let codec: String
            switch description.format {
            case "avc1", "avc3": codec = "h264"
            case "hvc1", "hev1": codec = "hevc"
            default: codec = description.format.description.trimmingCharacters(in: .whitespaces)
            }
            return EmbeddedVideo(
                codec: codec, width: entry.width, height: entry.height, frameCount: video.sampleTable.sampleCount,
                decodedFrames: check.decodedFrames, duration: movie.duration, audioCodec: check.audioCodec)
        } catch let error as MediaError {
            throw broken(error)
        }
    }
}
