/// Where a top-level box lies in a file; its payload is not read.
public struct TopLevelBox: Sendable, Equatable {
    /// The box type.
    public var type: FourCC
    /// Offset of the box header.
    public var offset: Int64
    /// Header length (8, or 16 with a 64-bit size).
    public var headerSize: Int
    /// Total size including the header.
    public var size: Int64

    /// Offset of the first payload byte.
    public var payloadOffset: Int64 { offset + Int64(headerSize) }

    /// Box types a QuickTime or MP4 file may begin with.
    static let openingTypes: Set<FourCC> = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot", "uuid", "junk", "PICT"]

    /// The most top-level boxes ``scan(_:limit:)`` lists unless told otherwise (a fragmented
    /// movie of an hour with a fragment a second has 7,200).
    public static let countLimit = 1 << 16

    /// Lists the top-level boxes of `file`, validating that they tile it exactly.
    /// - Parameter limit: The most boxes listed; a file with more is refused (`.tooLarge`).
    public static func scan(_ file: RandomAccessFile, limit: Int = countLimit) throws -> [TopLevelBox] {
        guard file.size > 0 else { throw MediaError(.empty, file: file.path, "file is empty") }
        var boxes: [TopLevelBox] = []
        var offset: Int64 = 0
        while offset < file.size {
            guard boxes.count < limit else { throw MediaError(.tooLarge, file: file.path, "more than \(limit) top-level boxes") }
            if boxes.isEmpty, file.size >= 8 {
                var r = ByteReader(try file.read(at: 4, count: 4), context: "box header")
                guard Self.openingTypes.contains(try r.readFourCC()) else {
                    throw MediaError(.unsupported, file: file.path, "not a QuickTime or MP4 file (it does not start with a movie box)")
                }
            }
            let box = try header(in: file, at: offset, end: file.size, isFirst: boxes.isEmpty)
            boxes.append(box)
            offset += box.size
        }
        return boxes
    }

    /// The header of the box at `offset` of `file`, a box that must end by `end` (the end of the
    /// file, or of its parent): 16 bytes at most are read, never the payload.
    /// - Parameter isFirst: Whether it is the first box (for the message when it is no box at all).
    /// - Throws: ``MediaError`` naming the file: `.truncated` when the header or the box runs past
    ///   `end`, `.corrupt` for a type that is not text or a size smaller than the header.
    public static func header(in file: RandomAccessFile, at offset: Int64, end: Int64, isFirst: Bool = false) throws -> TopLevelBox {
        guard end - offset >= 8 else {
            throw MediaError(.truncated, file: file.path, "ends inside a box header at offset \(offset)")
        }
        var r = ByteReader(try file.read(at: offset, count: Int(min(16, end - offset))), context: "box header")
        var size = Int64(try r.readUInt32())
        let type = try r.readFourCC()
        var header = 8
        if size == 1 {
            guard let large = try? r.readUInt64(), large <= UInt64(Int64.max) else {
                throw MediaError(.truncated, file: file.path, "ends inside a box header at offset \(offset)")
            }
            size = Int64(large)
            header = 16
        } else if size == 0 {
            size = end - offset
        }
        guard type.bytes.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0xA9 }) else {
            throw MediaError(
                .corrupt, file: file.path,
                isFirst ? "not a QuickTime or MP4 file (no box structure at the start)" : "garbage where a box should start at offset \(offset)")
        }
        guard size >= Int64(header) else {
            throw MediaError(.corrupt, file: file.path, "box '\(type)' at offset \(offset) has an impossible size \(size)")
        }
        guard size <= end - offset else {
            throw MediaError(.truncated, file: file.path, "box '\(type)' at offset \(offset) needs \(size) bytes but only \(end - offset) remain")
        }
        return TopLevelBox(type: type, offset: offset, headerSize: header, size: size)
    }
}
