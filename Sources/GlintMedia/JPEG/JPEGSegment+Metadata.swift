/// Builders and signatures for the metadata segments Glint reads and writes.
extension JPEGSegment {
    /// `"Exif\0\0"`, the start of an Exif APP1 payload; the TIFF structure follows.
    public static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// `"http://ns.adobe.com/xap/1.0/\0"`, the start of an XMP APP1 payload.
    public static let xmpSignature: [UInt8] = JPEGMarker.xmpSignature
    /// `"ICC_PROFILE\0"`, the start of an ICC profile APP2 payload; a sequence number (from 1)
    /// and the chunk count follow, then the chunk.
    public static let iccProfileSignature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
    /// `"MPF\0"`, the start of a Multi-Picture Format APP2 payload; the MP header follows.
    public static let mpfSignature: [UInt8] = Array("MPF".utf8) + [0]
    /// The most profile bytes one ICC APP2 segment carries (65533 less the 14-byte chunk header).
    public static let maxICCProfileBytesPerSegment = maxPayloadCount - 14

    /// An APP1 Exif segment holding `tiff`, the TIFF structure (starting `II*\0` or `MM\0*`).
    /// - Throws: ``MediaError`` `.tooLarge` when `tiff` exceeds 65527 bytes.
    public static func exif(_ tiff: [UInt8]) throws -> JPEGSegment {
        try JPEGSegment(marker: JPEGMarker.app1, payload: exifSignature + tiff)
    }

    /// An APP1 XMP segment holding `packet`, encoded as UTF-8.
    /// - Throws: ``MediaError`` `.tooLarge` when the packet exceeds 65504 bytes.
    public static func xmp(_ packet: String) throws -> JPEGSegment {
        try xmp(Array(packet.utf8))
    }

    /// An APP1 XMP segment holding the UTF-8 bytes of `packet`.
    /// - Throws: ``MediaError`` `.tooLarge` when the packet exceeds 65504 bytes.
    public static func xmp(_ packet: [UInt8]) throws -> JPEGSegment {
        try JPEGSegment(marker: JPEGMarker.app1, payload: xmpSignature + packet)
    }

    /// The APP2 segments that carry `profile`, split into chunks of at most
    /// ``maxICCProfileBytesPerSegment`` bytes, numbered from 1.
    /// - Throws: ``MediaError`` `.invalidArgument` for an empty profile, `.tooLarge` for one that
    ///   needs more than 255 chunks.
    public static func iccProfileSegments(_ profile: [UInt8]) throws -> [JPEGSegment] {
        guard !profile.isEmpty else {
            throw MediaError(.invalidArgument, "ICC profile is empty")
        }
        let chunkSize = maxICCProfileBytesPerSegment
        let chunkCount = (profile.count + chunkSize - 1) / chunkSize
        guard chunkCount <= 255 else {
            throw MediaError(
                .tooLarge,
                "ICC profile is \(profile.count) bytes; a JPEG holds at most \(255 * chunkSize) in 255 segments"
            )
        }
        return try (0..<chunkCount).map { index in
            let chunk = profile[(index * chunkSize)..<min(profile.count, (index + 1) * chunkSize)]
            let header = iccProfileSignature + [UInt8(index + 1), UInt8(chunkCount)]
            return try JPEGSegment(marker: JPEGMarker.app2, payload: header + chunk)
        }
    }
}
