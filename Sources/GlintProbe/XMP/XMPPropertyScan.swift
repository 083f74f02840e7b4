/// The simple and list properties of chosen namespaces in an XMP packet's top-level
/// `rdf:Description`s, read by scanning the bytes once with the caps of ``MotionPhotoXMPScan``
/// (no XML parser, no C library, linear time).
///
/// A property may be an attribute of the `rdf:Description` (`hdrgm:GainMapMax="3.4"`), an element
/// holding text (`<hdrgm:GainMapMax>3.4</hdrgm:GainMapMax>`), or an element holding an
/// `rdf:Seq`, `rdf:Bag` or `rdf:Alt` whose `rdf:li` texts are its values (a per-channel
/// Ultra HDR value). Prefixes are resolved through the packet's `xmlns` declarations. The first
/// value found for a property is kept; at most ``valueCountLimit`` values per property.
public enum XMPPropertyScan {
    /// A property: its namespace URI and local name.
    public struct Key: Hashable, Sendable {
        public var namespace: String
        public var name: String

        public init(_ namespace: String, _ name: String) {
            self.namespace = namespace
            self.name = name
        }
    }

    /// The most values one property keeps (an RGB property has 3).
    public static let valueCountLimit = 16

    /// The properties of `namespaces` in `packet`, each with its values (one for a simple
    /// property), or nil when the packet is over a cap or malformed.
    public static func properties(_ packet: [UInt8], namespaces: Set<String>) -> [Key: [String]]? {
        MotionPhotoXMPScan.scan(packet, XMPPropertyScanState(namespaces: namespaces))?.properties
    }
}

/// Where ``XMPPropertyScan`` is in a packet.
struct XMPPropertyScanState: XMPScanState {
    private let namespaces: Set<String>
    private(set) var properties: [XMPPropertyScan.Key: [String]] = [:]
    private var prefixes = XMPPrefixes()
    private var open: [Substring] = []
    private var rdfDepth: Int?
    /// The property element being read and its depth, when it is one of the namespaces'.
    private var property: (key: XMPPropertyScan.Key, depth: Int)?

    init(namespaces: Set<String>) { self.namespaces = namespaces }

    var isComplete: Bool { open.isEmpty }

    mutating func take(_ tag: XMPTagScanner.Tag, scanner: inout XMPTagScanner) throws(XMPTagScanner.Malformed) {
        if tag.isEnd {
            guard open.last == tag.name else { throw XMPTagScanner.Malformed() }
            open.removeLast()
            if let value = property?.depth, open.count <= value { property = nil }
            if let value = rdfDepth, open.count <= value { rdfDepth = nil }
            return
        }
        declare(tag.attributes)
        let depth = open.count
        let (uri, local) = resolve(tag.name)
        if uri == MotionPhotoXMPScanState.rdf && local == "RDF" && rdfDepth == nil { rdfDepth = depth }
        if let rdfDepth {
            if depth == rdfDepth + 1, uri == MotionPhotoXMPScanState.rdf, local == "Description" {
                for (name, value) in tag.attributes { add(resolve(name), value) }
            }
            if depth == rdfDepth + 2, let uri, namespaces.contains(uri), !tag.isEmpty {
                let key = XMPPropertyScan.Key(uri, String(local))
                property = (key, depth)
                if let text = scanner.text(), !text.isEmpty { add((uri, local), text) }
            }
            if let property, depth == property.depth + 2, uri == MotionPhotoXMPScanState.rdf, local == "li", !tag.isEmpty,
                let text = scanner.text()
            {
                add((property.key.namespace, Substring(property.key.name)), text, list: true)
            }
        }
        if !tag.isEmpty {
            guard open.count < MotionPhotoXMPScan.depthLimit else { throw XMPTagScanner.Malformed() }
            open.append(tag.name)
        }
    }

    /// Records `value` for the property `name` when its namespace is wanted: the first value of a
    /// simple property, or one more of a list's.
    private mutating func add(_ name: (String?, Substring), _ value: Substring, list: Bool = false) {
        guard let uri = name.0, namespaces.contains(uri) else { return }
        let key = XMPPropertyScan.Key(uri, String(name.1))
        let values = properties[key] ?? []
        guard list ? values.count < XMPPropertyScan.valueCountLimit : values.isEmpty else { return }
        properties[key] = values + [String(value)]
    }

    private mutating func declare(_ attributes: [(name: Substring, value: Substring)]) { prefixes.declare(attributes) }

    private func resolve(_ name: Substring) -> (String?, Substring) { prefixes.resolve(name) }
}
