/// The image list of a Multi-Picture Format index (CIPA DC-007): the MP Entry tag (0xB002) of the
/// index IFD, 16 bytes per image: attributes, size, offset from the MP header (0 for the
/// primary image), two dependent-image entries. At most ``imageLimit`` images are listed; every
/// offset and length the index states is checked against the index before it is read.
public struct MPFIndex: Sendable, Equatable {
    /// One image the index lists.
    public struct Image: Sendable, Equatable {
        /// The attribute word (flags, format, type; `0x030000` is a baseline primary image).
        public var attributes: UInt32
        /// The image's size in bytes.
        public var size: Int64
        /// Its offset from the MP header; 0 for the primary image.
        public var offset: Int64
    }

    /// The most images read from one index (phones write 2 or 3).
    public static let imageLimit = 64
    static let entryTag: UInt16 = 0xB002

    public var images: [Image]

    /// Parses an MPF payload (after `"MPF\0"`, starting at the MP header).
    /// - Throws: ``MediaError`` `.corrupt` for a damaged index.
    public init(_ payload: [UInt8]) throws {
        guard payload.count >= 8 else { throw MediaError(.corrupt, "MPF index is \(payload.count) bytes, too short") }
        let bigEndian: Bool
        switch (payload[0], payload[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: throw MediaError(.corrupt, "MPF index has no byte-order mark")
        }
        func read(_ at: Int, _ size: Int) throws -> Int {
            guard at >= 0, at <= payload.count - size else { throw MediaError(.corrupt, "MPF index points past its end (offset \(at))") }
            return (0..<size).reduce(0) { $0 << 8 | Int(payload[at + (bigEndian ? $1 : size - 1 - $1)]) }
        }
        let ifd = try read(4, 4)
        let count = try read(ifd, 2)
        images = []
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard try read(entry, 2) == Int(Self.entryTag) else { continue }
            let length = try read(entry + 4, 4)
            let table = try read(entry + 8, 4)
            guard length % 16 == 0, length / 16 <= Self.imageLimit else {
                throw MediaError(.corrupt, "MPF entry table of \(length) bytes is not a list of at most \(Self.imageLimit) images")
            }
            for image in 0..<(length / 16) {
                let at = table + image * 16
                images.append(
                    Image(attributes: UInt32(try read(at, 4)), size: Int64(try read(at + 4, 4)), offset: Int64(try read(at + 8, 4))))
            }
            return
        }
        throw MediaError(.corrupt, "MPF index has no image list (tag 0xB002)")
    }
}
