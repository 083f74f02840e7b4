/// Parses box trees from bytes, knowing which QuickTime and ISO-BMFF boxes are containers.
public enum BoxParser {
    /// Box types whose payload is a sequence of child boxes.
    public static let plainContainers: Set<FourCC> = [
        "moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "udta", "tref", "gmhd", "tapt", "mvex",
        "moof", "traf", "ilst", "sinf", "schi", "wave",
    ]

    /// Parses consecutive boxes filling `bytes`.
    /// - Parameters:
    ///   - bytes: The bytes holding the boxes.
    ///   - context: What is being parsed, for error messages.
    ///   - parentType: The type of the enclosing box (children of `ilst` are containers).
    ///   - depth: Nesting depth, bounded to reject hostile input.
    public static func parseBoxes(_ bytes: ArraySlice<UInt8>, context: String, parentType: FourCC? = nil, depth: Int = 0) throws -> [Box] {
        guard depth < 32 else { throw MediaError(.corrupt, "\(context): boxes nested more than 32 deep") }
        var reader = ByteReader(bytes, context: context)
        var boxes: [Box] = []
        while reader.remaining > 0 {
            // Some writers pad containers with a 32-bit zero terminator.
            if reader.remaining < 8 {
                if reader.readRemaining().allSatisfy({ $0 == 0 }) { break }
                throw MediaError(.corrupt, "\(context): \(reader.remaining) stray bytes after the last box")
            }
            let start = reader.position
            var size = UInt64(try reader.readUInt32())
            let type = try reader.readFourCC()
            var headerSize = 8
            if size == 1 {
                size = try reader.readUInt64()
                headerSize = 16
            } else if size == 0 {
                size = UInt64(bytes.endIndex - start)
            }
            guard size >= UInt64(headerSize), size <= UInt64(bytes.endIndex - start) else {
                throw MediaError(.corrupt, "\(context): box '\(type)' claims \(size) bytes but only \(bytes.endIndex - start) remain")
            }
            let payload = try reader.readBytes(Int(size) - headerSize)
            boxes.append(try parseBox(type: type, payload: payload, context: context, parentType: parentType, depth: depth))
        }
        return boxes
    }

    /// Parses one box's payload, recursing into containers.
    package static func parseBox(type: FourCC, payload: ArraySlice<UInt8>, context: String, parentType: FourCC?, depth: Int) throws -> Box {
        let childContext = "\(context)/\(type)"
        if plainContainers.contains(type) || parentType == "ilst" {
            return Box(type, children: try parseBoxes(payload, context: childContext, parentType: type, depth: depth + 1))
        }
        if type == "meta" {
            // QuickTime's moov/meta is a plain container; ISO's meta has a version/flags word first.
            let isFullBox =
                payload.count >= 12
                && payload[payload.startIndex..<payload.startIndex + 4].allSatisfy { $0 == 0 }
                && FourCC(rawValue: readUInt32(payload, at: payload.startIndex + 8)) == "hdlr"
            let prefix = isFullBox ? Array(payload.prefix(4)) : []
            let body = payload.dropFirst(prefix.count)
            return Box(type, children: try parseBoxes(body, context: childContext, parentType: type, depth: depth + 1), prefix: prefix)
        }
        return Box(type, payload: Array(payload))
    }

    private static func readUInt32(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[index + $1]) }
    }
}
