/// Builds a JPEG file from a bare encoded JPEG and metadata segments.
///
/// ``JPEGEncoder`` writes no metadata; the assembler puts SOI first, then the given segments in
/// order (Exif first, as the Exif standard requires, is the caller's choice), then everything of
/// the encoded file after its SOI.
public enum JPEGAssembler {
    /// Returns SOI, `segments`, then the rest of `encoded`.
    /// - Parameters:
    ///   - encoded: A complete JPEG file, normally ``JPEGEncoder`` output.
    ///   - segments: Metadata segments to insert, for example from ``JPEGSegment/exif(_:)``.
    /// - Throws: ``MediaError`` `.empty`, `.corrupt` or `.truncated` when `encoded` is not a
    ///   well-formed JPEG.
    public static func assemble(encoded: [UInt8], segments: [JPEGSegment]) throws -> [UInt8] {
        _ = try JPEGFile(parsing: encoded)
        let insertedCount = segments.reduce(0) { $0 + $1.payload.count + 4 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count + insertedCount)
        bytes.append(contentsOf: encoded[0..<2])
        for segment in segments {
            segment.append(to: &bytes)
        }
        bytes.append(contentsOf: encoded[2...])
        return bytes
    }
}
