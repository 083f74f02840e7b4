/// QuickTime metadata in Apple's `moov/meta` layout: a `hdlr` of type `mdta`, a `keys` box and an
/// `ilst` whose items are named by 1-based key index.
public struct QuickTimeMetadata: Sendable, Equatable {
    /// One metadata item.
    public struct Item: Sendable, Equatable {
        /// The key, e.g. `com.apple.quicktime.content.identifier`.
        public var key: String
        /// The key namespace (`mdta`).
        public var namespace: FourCC
        /// The `data` boxes' payloads (type indicator, locale, value), as stored.
        public var values: [[UInt8]]

        /// Creates a UTF-8 string item.
        public init(key: String, string: String) {
            self.key = key
            namespace = "mdta"
            var w = ByteWriter()
            w.write(UInt32(1))  // well-known type 1: UTF-8
            w.write(UInt32(0))  // locale
            w.write(bytes: Array(string.utf8))
            values = [w.bytes]
        }

        init(key: String, namespace: FourCC, values: [[UInt8]]) {
            self.key = key
            self.namespace = namespace
            self.values = values
        }

        /// The first value as text, when it is UTF-8 (type 1).
        public var stringValue: String? {
            guard let data = values.first, data.count >= 8 else { return nil }
            let type = UInt32(data[0]) << 24 | UInt32(data[1]) << 16 | UInt32(data[2]) << 8 | UInt32(data[3])
            guard type == 1 else { return nil }
            return String(decoding: data[8...], as: UTF8.self)
        }
    }

    /// The key under which Live Photo movies carry their content identifier.
    public static let contentIdentifierKey = "com.apple.quicktime.content.identifier"

    /// The items in key order.
    public var items: [Item]

    /// Creates metadata from items.
    public init(items: [Item] = []) { self.items = items }

    /// Parses a QuickTime `meta` box (`moov/meta`).
    public init(_ meta: Box) throws {
        items = []
        guard let keysBox = meta.child("keys") else { return }
        var r = ByteReader(keysBox.payload, context: "meta/keys box")
        try r.skip(4)
        let count = Int(try r.readUInt32())
        guard count <= r.remaining / 8 else { throw MediaError(.corrupt, "meta/keys box claims \(count) keys") }
        var keys: [(String, FourCC)] = []
        for _ in 0..<count {
            let size = Int(try r.readUInt32())
            let namespace = try r.readFourCC()
            guard size >= 8 else { throw MediaError(.corrupt, "meta/keys entry has size \(size)") }
            keys.append((String(decoding: try r.readBytes(size - 8), as: UTF8.self), namespace))
        }
        var values = [[[UInt8]]](repeating: [], count: keys.count)
        for item in meta.child("ilst")?.children ?? [] {
            let index = Int(item.type.rawValue)
            guard index >= 1, index <= keys.count else { continue }
            values[index - 1] = item.children("data").map(\.payload)
        }
        items = keys.enumerated().map { Item(key: $1.0, namespace: $1.1, values: values[$0]) }
    }

    /// The first value of `key` as text.
    public func string(forKey key: String) -> String? {
        items.first { $0.key == key }?.stringValue
    }

    /// Sets `key` to a UTF-8 string, replacing its value or adding it at the end.
    public mutating func setString(_ value: String, forKey key: String) {
        let item = Item(key: key, string: value)
        if let index = items.firstIndex(where: { $0.key == key }) {
            items[index] = item
        } else {
            items.append(item)
        }
    }

    /// The content identifier, when present.
    public var contentIdentifier: ContentIdentifier? {
        get { string(forKey: Self.contentIdentifierKey).flatMap(ContentIdentifier.init) }
        set {
            if let newValue {
                setString(newValue.rawValue, forKey: Self.contentIdentifierKey)
            } else {
                items.removeAll { $0.key == Self.contentIdentifierKey }
            }
        }
    }

    /// Builds the `meta` box in Apple's layout (no version/flags word).
    public func makeBox() -> Box {
        var hdlr = ByteWriter()
        hdlr.write(UInt32(0))
        hdlr.write(FourCC("mdta"))
        hdlr.writeZeros(12)
        hdlr.write(UInt8(0))
        var keys = ByteWriter()
        keys.write(UInt32(items.count))
        for item in items {
            let bytes = Array(item.key.utf8)
            keys.write(UInt32(bytes.count + 8))
            keys.write(item.namespace)
            keys.write(bytes: bytes)
        }
        let ilst = items.enumerated().map { index, item in
            Box(FourCC(rawValue: UInt32(index + 1)), children: item.values.map { Box("data", payload: $0) })
        }
        return Box(
            "meta",
            children: [
                Box("hdlr", version: 0, flags: 0, body: hdlr.bytes),
                Box("keys", version: 0, flags: 0, body: keys.bytes),
                Box("ilst", children: ilst),
            ])
    }
}
