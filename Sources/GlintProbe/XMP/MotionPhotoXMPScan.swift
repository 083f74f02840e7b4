/// The Motion Photo properties of an XMP packet, read by scanning its bytes once, with fixed caps,
/// never by parsing it as XML (the API process runs no XML parser and no C library on upload
/// bytes; runners read the same properties through Exempi, `MotionPhotoMetadata(_: XMPPacket)`).
///
/// It reads what `MotionPhotoReader` locates a video with, in both RDF forms: the `GCamera`
/// properties (`MotionPhoto`, `MotionPhotoVersion`, `MotionPhotoPresentationTimestampUs`,
/// `MicroVideo`, `MicroVideoOffset`, `MicroVideoPresentationTimestampUs`) as attributes of a
/// top-level `rdf:Description` or as its child elements, and each `Container:Directory` item's
/// `Item:Mime`, `Item:Semantic`, `Item:Length` and `Item:Padding` as attributes of its
/// `Container:Item` (or of an `rdf:Description` inside it) or as child elements. Prefixes are
/// resolved through the packet's `xmlns` declarations, so a packet that names the namespaces
/// with other prefixes reads the same.
///
/// Caps: a packet over ``packetLimit`` bytes, elements nested deeper than ``depthLimit``, a name
/// or value over `XMPTagScanner.valueLimit` bytes, an end tag that does not close the open
/// element, or an unterminated construct give nil (as a packet Exempi cannot parse gives no
/// metadata); at most ``MotionPhotoMetadata/directoryLimit`` directory items and
/// ``namespaceLimit`` prefixes are kept. Time is linear in the packet's size.
public enum MotionPhotoXMPScan {
    /// The largest packet scanned.
    public static let packetLimit = 4 << 20
    /// The deepest element nesting accepted (real packets nest fewer than 10 deep).
    public static let depthLimit = 64
    /// The most namespace prefixes remembered.
    static let namespaceLimit = 64

    /// The Motion Photo properties of `packet`, or nil when it is over a cap or malformed.
    public static func metadata(_ packet: [UInt8]) -> MotionPhotoMetadata? {
        scan(packet, MotionPhotoXMPScanState())?.metadata
    }

    /// Feeds every tag of `packet` to `state`; nil when the packet is over a cap, malformed, or
    /// leaves an element open.
    static func scan<State: XMPScanState>(_ packet: [UInt8], _ state: State) -> State? {
        guard packet.count <= packetLimit else { return nil }
        var scanner = XMPTagScanner(packet)
        var state = state
        do {
            while let tag = try scanner.nextTag() {
                try state.take(tag, scanner: &scanner)
            }
        } catch {
            return nil
        }
        return state.isComplete ? state : nil
    }
}

/// What a bounded XMP scan keeps as it meets each tag (``MotionPhotoXMPScan/scan(_:_:)``).
protocol XMPScanState {
    /// Whether every element opened was closed.
    var isComplete: Bool { get }
    /// Takes the next tag; `scanner` is just past it (for an element's text).
    mutating func take(_ tag: XMPTagScanner.Tag, scanner: inout XMPTagScanner) throws(XMPTagScanner.Malformed)
}

/// Where ``MotionPhotoXMPScan`` is in a packet: the open elements (at most
/// ``MotionPhotoXMPScan/depthLimit``), the prefixes declared, and the directory item being read.
struct MotionPhotoXMPScanState: XMPScanState {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let camera = "http://ns.google.com/photos/1.0/camera/"
    static let container = "http://ns.google.com/photos/1.0/container/"
    static let item = "http://ns.google.com/photos/1.0/container/item/"

    private(set) var metadata = MotionPhotoMetadata()
    private var prefixes = XMPPrefixes()
    private var open: [Substring] = []
    private var rdfDepth: Int?
    private var directoryDepth: Int?
    /// The depth of the directory's `rdf:li` being read, when its item is kept.
    private var listItemDepth: Int?
    /// The depth of the `Container:Item` inside it.
    private var containerItemDepth: Int?

    /// Whether every element opened was closed.
    var isComplete: Bool { open.isEmpty }

    /// Takes the next tag; `scanner` is just past it (for an element's text).
    mutating func take(_ tag: XMPTagScanner.Tag, scanner: inout XMPTagScanner) throws(XMPTagScanner.Malformed) {
        if tag.isEnd {
            guard open.last == tag.name else { throw XMPTagScanner.Malformed() }
            open.removeLast()
            close(below: open.count)
            return
        }
        declare(tag.attributes)
        let depth = open.count
        let (uri, local) = resolve(tag.name)
        if uri == Self.rdf && local == "RDF" && rdfDepth == nil { rdfDepth = depth }
        if let rdfDepth {
            if depth == rdfDepth + 1, uri == Self.rdf, local == "Description" {
                for (name, value) in tag.attributes { setCamera(resolve(name), value) }
            }
            if depth == rdfDepth + 2, isTopDescription(at: depth - 1), !tag.isEmpty {
                if uri == Self.camera { setCamera((uri, local), scanner.text()) }
                if uri == Self.container, local == "Directory" { directoryDepth = depth }
            }
            takeDirectoryItem(tag, uri: uri, local: local, depth: depth, scanner: &scanner)
        }
        if !tag.isEmpty {
            guard open.count < MotionPhotoXMPScan.depthLimit else { throw XMPTagScanner.Malformed() }
            open.append(tag.name)
        }
    }

    /// An `rdf:li` of the directory starts an item; a `Container:Item` in it (or an
    /// `rdf:Description` in that) gives fields as attributes, and `Item:` elements as text.
    private mutating func takeDirectoryItem(_ tag: XMPTagScanner.Tag, uri: String?, local: Substring, depth: Int, scanner: inout XMPTagScanner) {
        guard let directoryDepth else { return }
        if depth == directoryDepth + 2, uri == Self.rdf, local == "li" {
            guard metadata.directory.count < MotionPhotoMetadata.directoryLimit else { return }
            metadata.directory.append(ContainerItem(mime: nil, semantic: nil, length: nil, padding: nil))
            listItemDepth = tag.isEmpty ? nil : depth
            return
        }
        guard let listItemDepth, depth > listItemDepth else { return }
        if let containerItemDepth, depth > containerItemDepth {
            if depth == containerItemDepth + 1, uri == Self.rdf, local == "Description" {
                for (name, value) in tag.attributes { setItem(resolve(name), value) }
            }
            if uri == Self.item, !tag.isEmpty { setItem((uri, local), scanner.text()) }
        } else if depth <= listItemDepth + 2, uri == Self.container, local == "Item" {
            for (name, value) in tag.attributes { setItem(resolve(name), value) }
            if !tag.isEmpty { containerItemDepth = depth }
        }
    }

    /// Forgets the directory, item and packet markers of elements closed, now that `depth` are open.
    private mutating func close(below depth: Int) {
        if let value = containerItemDepth, depth <= value { containerItemDepth = nil }
        if let value = listItemDepth, depth <= value { listItemDepth = nil }
        if let value = directoryDepth, depth <= value { directoryDepth = nil }
        if let value = rdfDepth, depth <= value { rdfDepth = nil }
    }

    /// Whether the open element at `depth` is an `rdf:Description` (one of the packet's top-level ones).
    private func isTopDescription(at depth: Int) -> Bool {
        guard depth >= 0, depth < open.count else { return false }
        let (uri, local) = resolve(open[depth])
        return uri == Self.rdf && local == "Description"
    }

    private mutating func declare(_ attributes: [(name: Substring, value: Substring)]) { prefixes.declare(attributes) }

    private func resolve(_ name: Substring) -> (String?, Substring) { prefixes.resolve(name) }

    /// Sets the `GCamera` property `name` to `value` unless it is set already.
    private mutating func setCamera(_ name: (String?, Substring), _ value: Substring?) {
        guard name.0 == Self.camera, let value else { return }
        let number = Int64(value.trimmingSpace)
        switch name.1 {
        case "MotionPhoto": metadata.motionPhoto = metadata.motionPhoto ?? number
        case "MotionPhotoVersion": metadata.version = metadata.version ?? number
        case "MotionPhotoPresentationTimestampUs": metadata.presentationTimestampUs = metadata.presentationTimestampUs ?? number
        case "MicroVideo": metadata.microVideo = metadata.microVideo ?? number
        case "MicroVideoOffset": metadata.microVideoOffset = metadata.microVideoOffset ?? number
        case "MicroVideoPresentationTimestampUs":
            metadata.microVideoPresentationTimestampUs = metadata.microVideoPresentationTimestampUs ?? number
        default: break
        }
    }

    /// Sets the current directory item's field `name` to `value` unless it is set already.
    private mutating func setItem(_ name: (String?, Substring), _ value: Substring?) {
        guard name.0 == Self.item, let value, !metadata.directory.isEmpty else { return }
        let index = metadata.directory.count - 1
        var item = metadata.directory[index]
        switch name.1 {
        case "Mime": item.mime = item.mime ?? String(value)
        case "Semantic": item.semantic = item.semantic ?? String(value)
        case "Length": item.length = item.length ?? Int64(value.trimmingSpace)
        case "Padding": item.padding = item.padding ?? Int64(value.trimmingSpace)
        default: break
        }
        metadata.directory[index] = item
    }
}
