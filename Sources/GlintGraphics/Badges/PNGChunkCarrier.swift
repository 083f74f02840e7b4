import GlintMedia

/// Carries a PNG's ancillary chunks (text, EXIF, time, physical size, ICC profile) into a
/// re-encoded version of the same picture, so a badged PNG keeps its metadata.
///
/// libpng's simplified API writes only the image and an `sRGB` chunk; this puts the original's
/// `tEXt`, `zTXt`, `iTXt`, `eXIf`, `tIME`, `pHYs` and `iCCP` chunks (bytes and CRCs as they were)
/// after the new `IHDR`, dropping the new `sRGB` chunk when an `iCCP` one is carried (a PNG may
/// not have both). Chunks describing the old pixel layout (`PLTE`, `tRNS`, `sBIT`, `bKGD`,
/// `hIST`) and the old gamma (`gAMA`, `cHRM`: libpng has already converted the pixels to sRGB)
/// are not carried.
enum PNGChunkCarrier {
    /// The chunk types carried over.
    static let carried: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME", "pHYs", "iCCP"]

    struct Chunk {
        var type: String
        var range: Range<Int>
    }

    /// `encoded` with `original`'s carried chunks inserted after its `IHDR`.
    /// - Throws: ``GlintMedia/MediaError`` `.corrupt` when either file's chunk structure is broken.
    static func carry(from original: [UInt8], into encoded: [UInt8]) throws -> [UInt8] {
        let kept = try chunks(original).filter { carried.contains($0.type) }
        guard !kept.isEmpty else { return encoded }
        let hasICC = kept.contains { $0.type == "iCCP" }
        let new = try chunks(encoded)
        guard let header = new.first, header.type == "IHDR" else { throw MediaError(.corrupt, "the encoded PNG does not start with IHDR") }
        var output = Array(encoded[0..<8])
        output += encoded[header.range]
        for chunk in kept { output += original[chunk.range] }
        for chunk in new.dropFirst() where !(hasICC && chunk.type == "sRGB") { output += encoded[chunk.range] }
        return output
    }

    /// The chunks of a PNG, each with its whole byte range (length, type, data and CRC).
    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        guard bytes.starts(with: PNGHeader.signature) else { throw MediaError(.corrupt, "not a PNG") }
        var list: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= bytes.count else {
                throw MediaError(.corrupt, "the PNG's \(type) chunk runs past the end of the file")
            }
            list.append(Chunk(type: type, range: offset..<end))
            offset = end
            if type == "IEND" { break }
        }
        return list
    }
}
