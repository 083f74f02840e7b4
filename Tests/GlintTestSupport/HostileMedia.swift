import Foundation

/// Hostile media headers, built byte by byte, for the tests that attack the submission probe
/// (GlintMediaTests' probe caps, the security suite's `glint serve`): a HEIF whose XMP nests
/// 400,000 elements or whose `ispe` says 65535x65535, movies whose boxes claim gigabytes, JPEGs
/// with a thousand APP segments.
public enum HostileMedia {
    /// An ISO BMFF box with a 32-bit size.
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    /// A box header alone that claims `size` bytes (a 64-bit size when over 32 bits).
    public static func boxHeader(_ type: String, claiming size: UInt64) -> [UInt8] {
        if size > UInt64(UInt32.max) { return bigEndian(UInt32(1)) + Array(type.utf8) + bigEndian(size) }
        return bigEndian(UInt32(size)) + Array(type.utf8)
    }

    /// A full box: version, 24-bit flags, then `payload`.
    public static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(bigEndian(flags).dropFirst()) + payload)
    }

    /// An XMP packet whose description nests `depth` elements (`<a>`: 400,000 make 2.8 MB).
    public static func deepXMP(depth: Int) -> [UInt8] {
        let open =
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\">"
        let close = "</rdf:Description></rdf:RDF></x:xmpmeta>"
        return Array((open + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + close).utf8)
    }

    /// A minimal HEIF: `ftyp` (heic), a `meta` whose primary item 1 has an `ispe` of
    /// `width`x`height`, and, when given, an XMP item 2 (`mime`, `application/rdf+xml`) whose bytes
    /// are in the `mdat` that follows. Its image data is not HEVC: only its headers matter.
    /// `ilocPayload`, when given, replaces the `iloc` box's payload after its version and flags.
    public static func heif(width: UInt32, height: UInt32, xmp: [UInt8]? = nil, ilocPayload: [UInt8]? = nil) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        func meta(xmpOffset: UInt32) -> [UInt8] {
            let hdlr = fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 12) + [0])
            let pitm = fullBox("pitm", [0, 1])
            var entries = fullBox("infe", version: 2, [0, 1, 0, 0] + Array("hvc1".utf8) + [0])
            if xmp != nil { entries += fullBox("infe", version: 2, [0, 2, 0, 0] + Array("mime".utf8) + [0] + Array("application/rdf+xml".utf8) + [0]) }
            let iinf = fullBox("iinf", [0, xmp == nil ? 1 : 2] + entries)
            // iloc v0: 4-byte offsets and lengths, no base offset; item 1 has no bytes.
            var locations: [UInt8] = [0x44, 0x00, 0, xmp == nil ? 1 : 2] + [0, 1, 0, 0, 0, 1] + bigEndian(UInt32(0)) + bigEndian(UInt32(0))
            if let xmp { locations += [0, 2, 0, 0, 0, 1] + bigEndian(xmpOffset) + bigEndian(UInt32(xmp.count)) }
            let iloc = fullBox("iloc", ilocPayload ?? locations)
            let ispe = fullBox("ispe", bigEndian(width) + bigEndian(height))
            let ipma = fullBox("ipma", bigEndian(UInt32(1)) + [0, 1, 1, 0x81])
            let iprp = box("iprp", box("ipco", ispe) + ipma)
            return fullBox("meta", hdlr + pitm + iinf + iloc + iprp)
        }
        let metaSize = meta(xmpOffset: 0).count
        let xmpOffset = UInt32(ftyp.count + metaSize + 8)
        return ftyp + meta(xmpOffset: xmpOffset) + box("mdat", xmp ?? [])
    }

    /// A JPEG's headers: SOI, `appSegments` APP2 segments of 100 bytes, an XMP APP1 segment when
    /// given, a baseline frame header of `width`x`height`, then EOI (no image data).
    public static func jpeg(width: UInt16 = 64, height: UInt16 = 48, appSegments: Int = 0, xmp: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<appSegments { bytes += segment(0xE2, [UInt8](repeating: 0x41, count: 100)) }
        if let xmp { bytes += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + xmp) }
        bytes += segment(0xC0, [8] + bigEndian(height) + bigEndian(width) + [1, 1, 0x11, 0])
        return bytes + [0xFF, 0xD9]
    }

    /// A JPEG marker segment (`payload` at most 65,533 bytes: longer is cut).
    public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let kept = Array(payload.prefix(65_533))
        return [0xFF, marker] + bigEndian(UInt16(kept.count + 2)) + kept
    }

    /// A version-0 `mvhd` box of `seconds` at timescale 600.
    public static func movieHeader(seconds: UInt32) -> [UInt8] {
        fullBox("mvhd", bigEndian(UInt32(0)) + bigEndian(UInt32(0)) + bigEndian(UInt32(600)) + bigEndian(seconds * 600) + [UInt8](repeating: 0, count: 80))
    }

    /// A movie's first bytes: `ftyp` (qt) and a `moov` header that claims `moovSize` bytes, then
    /// an `mvhd` of `seconds` (the rest of what the `moov` claims is not written: a file cut
    /// short, or one extended as a sparse file by ``writeSparse(_:claimedSize:to:)``).
    public static func movieStart(claimingMoov moovSize: UInt64, seconds: UInt32 = 3) -> [UInt8] {
        box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8)) + boxHeader("moov", claiming: moovSize) + movieHeader(seconds: seconds)
    }

    /// Writes `bytes` to `url` and extends the file with zeros (a sparse file) to `size` bytes.
    public static func writeSparse(_ bytes: [UInt8], size: UInt64, to url: URL) throws {
        try Data(bytes).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: size)
    }

    /// The big-endian bytes of an integer.
    public static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
