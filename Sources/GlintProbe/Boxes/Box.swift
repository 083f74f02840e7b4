/// An ISO-BMFF / QuickTime box held in memory: a type and either a payload or child boxes.
///
/// Only the small structural part of a movie (`moov` and its descendants) is held this way; media
/// data (`mdat`) is never read into a `Box`.
public struct Box: Sendable, Equatable {
    /// The box type.
    public var type: FourCC
    /// The payload of a leaf box (everything after the header). Empty for containers.
    public var payload: [UInt8]
    /// The children of a container box, `nil` for a leaf.
    public var children: [Box]?
    /// Bytes a container carries before its children (the version/flags of an ISO `meta`,
    /// the entry count of a `stsd`), empty for plain containers.
    public var containerPrefix: [UInt8]

    /// Creates a leaf box.
    public init(_ type: FourCC, payload: [UInt8]) {
        self.type = type
        self.payload = payload
        self.children = nil
        self.containerPrefix = []
    }

    /// Creates a container box.
    public init(_ type: FourCC, children: [Box], prefix: [UInt8] = []) {
        self.type = type
        self.payload = []
        self.children = children
        self.containerPrefix = prefix
    }

    /// Creates a leaf "full box": version and flags followed by `body`.
    public init(_ type: FourCC, version: UInt8, flags: UInt32, body: [UInt8]) {
        var writer = ByteWriter()
        writer.write(UInt32(version) << 24 | (flags & 0xFF_FFFF))
        writer.write(bytes: body)
        self.init(type, payload: writer.bytes)
    }

    /// Whether the box holds children.
    public var isContainer: Bool { children != nil }

    /// The first child of `type`.
    public func child(_ type: FourCC) -> Box? { children?.first { $0.type == type } }

    /// All children of `type`.
    public func children(_ type: FourCC) -> [Box] { children?.filter { $0.type == type } ?? [] }

    /// The first descendant reached by following `path` (e.g. `["mdia", "minf", "stbl"]`).
    public func descendant(_ path: [FourCC]) -> Box? {
        var box = self
        for type in path {
            guard let next = box.child(type) else { return nil }
            box = next
        }
        return box
    }

    /// Replaces the first child of the same type as `box`, or appends it when there is none.
    public mutating func setChild(_ box: Box) {
        if children == nil { children = [] }
        if let index = children!.firstIndex(where: { $0.type == box.type }) {
            children![index] = box
        } else {
            children!.append(box)
        }
    }

    /// Removes every child of `type`.
    public mutating func removeChildren(_ type: FourCC) {
        children?.removeAll { $0.type == type }
    }

    /// Applies `body` to the descendant at `path`; does nothing when it does not exist.
    /// - Returns: whether the descendant was found.
    @discardableResult
    public mutating func modify(_ path: [FourCC], _ body: (inout Box) throws -> Void) rethrows -> Bool {
        guard let first = path.first else {
            try body(&self)
            return true
        }
        guard let index = children?.firstIndex(where: { $0.type == first }) else { return false }
        return try children![index].modify(Array(path.dropFirst()), body)
    }

    /// The size of the box once serialised, header included.
    public var serializedSize: Int {
        let content = children.map { containerPrefix.count + $0.reduce(0) { $0 + $1.serializedSize } } ?? payload.count
        return content + 8 > Int(UInt32.max) ? content + 16 : content + 8
    }

    /// Writes the box, header included, to `writer`.
    public func write(to writer: inout ByteWriter) {
        let size = serializedSize
        if size > Int(UInt32.max) {
            writer.write(UInt32(1))
            writer.write(type)
            writer.write(UInt64(size))
        } else {
            writer.write(UInt32(size))
            writer.write(type)
        }
        if let children {
            writer.write(bytes: containerPrefix)
            for child in children { child.write(to: &writer) }
        } else {
            writer.write(bytes: payload)
        }
    }

    /// The serialised box, header included.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        write(to: &writer)
        return writer.bytes
    }
}
