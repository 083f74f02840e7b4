/// The duration of a Motion Photo's video, found where `MotionPhotoReader` finds it (the XMP
/// Container directory or `MicroVideoOffset`, Samsung's trailer, a HEIF `mpvd` box) but read from
/// the video's `mvhd` only: unlike the reader, the probe never decodes the video, and it reads the
/// XMP with the bounded scan (``MotionPhotoXMPScan``), never with an XML parser.
enum MotionPhotoProbe {
    /// The largest HEIF XMP item read (``MotionPhotoXMPScan/packetLimit``).
    static let xmpItemLimit = Int64(MotionPhotoXMPScan.packetLimit)

    /// The duration of the video a JPEG carries, or nil when it carries none.
    /// - Parameters:
    ///   - file: The JPEG.
    ///   - xmp: Its XMP packet (from ``JPEGFrameProbe``), if any.
    static func duration(jpeg file: RandomAccessFile, xmp: [UInt8]?) throws -> Double? {
        var location: (offset: Int64, length: Int64, source: MotionPhotoVideoSource)?
        if let xmp, let metadata = MotionPhotoXMPScan.metadata(xmp) {
            location = try metadata.videoLocation(fileSize: file.size, path: file.path)
        }
        if location == nil, let block = try SamsungTrailer.motionPhotoBlock(in: file) {
            let video = try SamsungTrailer.videoLocation(of: block, in: file)
            location = (video.offset, video.length, .samsungTrailer)
        }
        guard let (offset, length, source) = location else { return nil }
        return try duration(in: file, offset: offset, length: length, source: source)
    }

    /// The duration of the video a HEIF file carries (its `mpvd` box, else where its XMP says), or
    /// nil when it carries none.
    static func duration(heif file: RandomAccessFile, boxes: [TopLevelBox]) throws -> Double? {
        if let box = boxes.first(where: { $0.type == "mpvd" }) {
            return try duration(in: file, offset: box.payloadOffset, length: box.size - Int64(box.headerSize), source: .heifBox)
        }
        let items = try? HEIFItems(file: file, boxes: boxes, metaLimit: MediaProbe.metaSizeLimit)
        guard let items, let item = items.xmpItem, let packet = try? items.data(of: item, in: file, limit: xmpItemLimit),
            let metadata = MotionPhotoXMPScan.metadata(packet),
            let (offset, length, source) = try metadata.videoLocation(fileSize: file.size, path: file.path)
        else { return nil }
        return try duration(in: file, offset: offset, length: length, source: source)
    }

    /// The duration in the `mvhd` of the movie at `offset..<offset+length`.
    private static func duration(in file: RandomAccessFile, offset: Int64, length: Int64, source: MotionPhotoVideoSource) throws -> Double {
        do {
            let window = try RandomAccessFile(path: file.path, offset: offset, length: length)
            return try MovieDurationProbe.duration(of: window)
        } catch let error as MediaError {
            throw MediaError(
                error.kind == .truncated ? .truncated : .corrupt, file: file.path,
                "the embedded Motion Photo video (\(length) bytes at offset \(offset), from the \(source.phrase)) is broken: \(error.problem)")
        }
    }
}
