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

    /// Lists the top-level boxes of `file`, validating that they tile it exactly.
    public static func scan(_ file: RandomAccessFile) throws -> [TopLevelBox] {
        guard file.size > 0 else { throw MediaError(.empty, file: file.path, "file is empty") }
        var boxes: [TopLevelBox] = []
        var offset: Int64 = 0
        while offset < file.size {
            guard file.size - offset >= 8 else {
                throw MediaError(.truncated, file: file.path, "ends inside a box header at offset \(offset)")
            }
            var r = ByteReader(try file.read(at: offset, count: Int(min(16, file.size - offset))), context: "box header")
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
                size = file.size - offset
            }
            guard !boxes.isEmpty || Self.openingTypes.contains(type) else {
                throw MediaError(.unsupported, file: file.path, "not a QuickTime or MP4 file (it does not start with a movie box)")
            }
            guard type.bytes.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0xA9 }) else {
                throw MediaError(
                    .corrupt, file: file.path,
                    boxes.isEmpty
                        ? "not a QuickTime or MP4 file (no box structure at the start)"
                        : "garbage where a box should start at offset \(offset)")
            }
            guard size >= Int64(header) else {
                throw MediaError(.corrupt, file: file.path, "box '\(type)' at offset \(offset) has an impossible size \(size)")
            }
            guard size <= file.size - offset else {
                throw MediaError(
                    .truncated, file: file.path, "box '\(type)' at offset \(offset) needs \(size) bytes but the file ends after \(file.size - offset)")
            }
            boxes.append(TopLevelBox(type: type, offset: offset, headerSize: header, size: size))
            offset += size
        }
        return boxes
    }
}
