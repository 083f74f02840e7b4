import CPNG

/// A PNG file's chunks, read and written: what a photo edit keeps of a PNG besides its pixels (its
/// ICC profile, EXIF and XMP).
///
/// Every length is checked against the bytes that remain, at most ``maximumChunks`` are read, and
/// a deflated ICC profile is inflated to at most ``maximumProfileBytes``.
public struct PNGChunks: Sendable {
    /// One chunk: its type and data (the CRC is checked, not kept).
    public struct Chunk: Sendable, Equatable {
        public var type: String
        public var data: [UInt8]

        public init(type: String, data: [UInt8]) {
            self.type = type
            self.data = data
        }
    }

    public static let maximumChunks = 100_000
    public static let maximumProfileBytes = 4 << 20
    /// The most bytes a compressed XMP `iTXt` chunk inflates to.
    public static let maximumXMPBytes = 4 << 20
    /// The keyword of the `iTXt` chunk that holds XMP.
    public static let xmpKeyword = "XML:com.adobe.xmp"

    /// The chunks in file order, `IEND` included.
    public var chunks: [Chunk]

    /// Reads the chunks of `bytes`.
    /// - Throws: ``MediaError``: `.unsupported` without the PNG signature, `.truncated` for a chunk
    ///   that runs past the end, `.corrupt` for a bad CRC or a type that is not four ASCII letters,
    ///   `.tooLarge` past ``maximumChunks``.
    public init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: PNGHeader.signature) else { throw MediaError(.unsupported, "not a PNG image") }
        chunks = []
        var offset = PNGHeader.signature.count
        while offset < bytes.count {
            guard chunks.count < Self.maximumChunks else { throw MediaError(.tooLarge, "PNG has more than \(Self.maximumChunks) chunks") }
            guard bytes.count - offset >= 12 else { throw MediaError(.truncated, "PNG ends inside a chunk header at offset \(offset)") }
            let length = Int(bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            // Four ASCII letters (PNG spec 5.4): anything else would not survive being written back.
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw MediaError(.corrupt, "PNG chunk at offset \(offset) has a type that is not four ASCII letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= bytes.count - offset - 12 else {
                throw MediaError(.truncated, "PNG chunk '\(type)' at offset \(offset) runs past the end of the file")
            }
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let stored = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard Self.crc(type: type, data: data) == stored else { throw MediaError(.corrupt, "PNG chunk '\(type)' at offset \(offset) fails its CRC") }
            chunks.append(Chunk(type: type, data: data))
            offset += 12 + length
            if type == "IEND" { break }
        }
    }

    /// The first chunk of `type`.
    public func first(_ type: String) -> Chunk? { chunks.first { $0.type == type } }

    /// The ICC profile of the `iCCP` chunk, inflated; nil without one.
    /// - Throws: ``MediaError`` `.corrupt` for a profile that does not inflate (or past the cap).
    public func iccProfile() throws -> [UInt8]? {
        guard let data = first("iCCP")?.data, let nul = data.prefix(80).firstIndex(of: 0), nul + 2 <= data.count else { return nil }
        guard data[nul + 1] == 0 else { throw MediaError(.corrupt, "PNG iCCP chunk has an unknown compression method") }
        return try Self.inflate(Array(data[(nul + 2)...]), limit: Self.maximumProfileBytes, what: "iCCP profile")
    }

    /// The TIFF structure of the `eXIf` chunk; nil without one.
    public var exifTIFF: [UInt8]? { first("eXIf")?.data }

    /// The XMP packet of the `iTXt` chunk with the XMP keyword, inflated (to at most
    /// ``maximumXMPBytes``) when it is compressed; nil without one, or when it does not inflate or
    /// names an unknown compression method (a packet that cannot be read is left out).
    public var xmpPacket: [UInt8]? {
        let keyword = Array(Self.xmpKeyword.utf8) + [0]
        guard let data = chunks.first(where: { $0.type == "iTXt" && $0.data.starts(with: keyword) })?.data else { return nil }
        var index = keyword.count
        guard data.count > index + 2, data[index] <= 1, data[index + 1] == 0 else { return nil }
        let compressed = data[index] == 1
        index += 2
        for _ in 0..<2 {  // language tag, translated keyword
            guard let nul = data[index...].firstIndex(of: 0) else { return nil }
            index = nul + 1
        }
        guard compressed else { return Array(data[index...]) }
        return try? Self.inflate(Array(data[index...]), limit: Self.maximumXMPBytes, what: "XMP iTXt chunk")
    }

    /// The chunks a written PNG carries for `icc`, `exif` (TIFF) and `xmp`, in the order they go
    /// after `IHDR`.
    public static func metadataChunks(icc: [UInt8]?, exif: [UInt8]?, xmp: [UInt8]?) throws -> [Chunk] {
        var chunks: [Chunk] = []
        if let icc { chunks.append(Chunk(type: "iCCP", data: Array("ICC Profile".utf8) + [0, 0] + (try deflate(icc)))) }
        if let exif { chunks.append(Chunk(type: "eXIf", data: exif)) }
        if let xmp { chunks.append(Chunk(type: "iTXt", data: Array(xmpKeyword.utf8) + [0, 0, 0, 0, 0] + xmp)) }
        return chunks
    }

    /// `png` (a PNG file with no metadata, as ``PNGEncoder`` writes it) with `extra` after its
    /// `IHDR`, replacing any chunks of those types.
    public static func inserting(_ extra: [Chunk], into png: [UInt8]) throws -> [UInt8] {
        var parsed = try PNGChunks(png)
        let types = Set(extra.map(\.type) + (extra.contains { $0.type == "iCCP" } ? ["sRGB"] : []))
        parsed.chunks.removeAll { types.contains($0.type) }
        guard parsed.chunks.first?.type == "IHDR" else { throw MediaError(.corrupt, "PNG does not start with an IHDR chunk") }
        parsed.chunks.insert(contentsOf: extra, at: 1)
        return parsed.serialized()
    }

    /// The file: the signature and every chunk with its length and CRC.
    public func serialized() -> [UInt8] {
        var bytes = PNGHeader.signature
        for chunk in chunks {
            let count = UInt32(chunk.data.count)
            bytes += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            bytes += Array(chunk.type.utf8) + chunk.data
            let crc = Self.crc(type: chunk.type, data: chunk.data)
            bytes += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        return bytes
    }

    static func crc(type: String, data: [UInt8]) -> UInt32 {
        let bytes = Array(type.utf8) + data
        return UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    private static func inflate(_ compressed: [UInt8], limit: Int, what: String) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: limit)
        var length = uLongf(limit)
        let status = output.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK else { throw MediaError(.corrupt, "PNG \(what) does not inflate (zlib status \(status))") }
        return Array(output.prefix(Int(length)))
    }

    static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), Z_BEST_COMPRESSION) }
        }
        guard status == Z_OK else { throw MediaError(.encodingFailed, "the ICC profile could not be deflated (zlib status \(status))") }
        return Array(output.prefix(Int(length)))
    }
}
