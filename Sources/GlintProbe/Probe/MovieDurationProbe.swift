/// A movie's presented duration, from its movie header (`mvhd`) alone: the top-level box headers
/// (at most ``topLevelBoxLimit``), the headers of the `moov` box's children (at most
/// ``moovChildLimit``) and the `mvhd` payload (at most ``movieHeaderSizeLimit`` bytes) are read,
/// never the whole `moov`, whatever size it claims.
enum MovieDurationProbe {
    /// The most top-level boxes listed.
    static let topLevelBoxLimit = 1024
    /// The most `moov` children looked at before the `mvhd`.
    static let moovChildLimit = 1024
    /// The largest `mvhd` payload read (a version-1 `mvhd` is 108 bytes).
    static let movieHeaderSizeLimit = 1024

    /// The duration in seconds of the movie in `file` (`mvhd` duration / timescale).
    /// - Throws: ``MediaError`` naming the file: `.corrupt` without a `moov` or `mvhd` or with a
    ///   damaged one, `.truncated`, `.tooLarge` over a cap.
    static func duration(of file: RandomAccessFile) throws -> Double {
        let boxes = try TopLevelBox.scan(file, limit: topLevelBoxLimit)
        guard let moov = boxes.first(where: { $0.type == "moov" }) else {
            throw MediaError(.corrupt, file: file.path, "no moov box: not a complete QuickTime movie")
        }
        let end = moov.offset + moov.size
        var offset = moov.payloadOffset
        for _ in 0..<moovChildLimit where offset < end {
            let child = try MediaError.naming(file.path) { try TopLevelBox.header(in: file, at: offset, end: end) }
            if child.type == "mvhd" {
                let length = child.size - Int64(child.headerSize)
                guard length <= Int64(movieHeaderSizeLimit) else {
                    throw MediaError(.corrupt, file: file.path, "damaged moov: its mvhd box is \(length) bytes")
                }
                return try MediaError.naming(file.path) { try MovieHeaderTiming(mvhd: try file.read(at: child.payloadOffset, count: Int(length))).seconds }
            }
            offset += child.size
        }
        throw MediaError(.corrupt, file: file.path, "damaged moov: no mvhd box among its first \(moovChildLimit) boxes")
    }
}
