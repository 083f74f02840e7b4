import CExempi

/// An XMP packet, parsed, edited and serialised by Exempi (Adobe's XMP toolkit), so the RDF
/// forms (attributes or elements, structs, ordered arrays) are all read and written correctly.
///
/// Properties are addressed by namespace and XMP path, for example
/// `(.container, "Directory[2]/Container:Item/Item:Length")`.
///
/// Not thread-safe: use a packet from one task (the toolkit itself is initialised once).
public final class XMPPacket {
    private let handle: OpaquePointer

    /// The toolkit, initialised once per process with Glint's namespaces registered.
    private static let toolkit: Bool = {
        guard xmp_init() else { return false }
        for namespace in XMPNamespace.registered {
            xmp_register_namespace(namespace.uri, namespace.prefix, nil)
        }
        return true
    }()

    /// An empty packet.
    /// - Throws: ``MediaError`` `.unsupported` when the XMP toolkit cannot start.
    public init() throws {
        guard Self.toolkit, let handle = xmp_new_empty() else {
            throw MediaError(.unsupported, "the XMP toolkit (Exempi) could not start")
        }
        self.handle = handle
    }

    /// Parses a packet (UTF-8 XML, with or without the `<?xpacket?>` wrapper).
    /// - Throws: ``MediaError`` `.corrupt` when it is not valid XMP.
    public init(parsing bytes: [UInt8]) throws {
        guard Self.toolkit else { throw MediaError(.unsupported, "the XMP toolkit (Exempi) could not start") }
        // Trailing NULs and padding are common after the packet; the toolkit wants clean text.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 { end -= 1 }
        let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: end) { xmp_new($0, end) }
        }
        guard let parsed else {
            throw MediaError(.corrupt, "the XMP packet is not valid XML/RDF (Exempi error \(xmp_get_error()))")
        }
        handle = parsed
    }

    deinit { xmp_free(handle) }

    /// The simple value at `path` in `namespace`, or `nil` when absent or not simple.
    public func string(_ namespace: XMPNamespace, _ path: String) -> String? {
        let value = xmp_string_new()
        defer { xmp_string_free(value) }
        var options: UInt32 = 0
        guard xmp_get_property(handle, namespace.uri, path, value, &options),
            options & cexempi_prop_composite_mask() == 0,
            let text = xmp_string_cstr(value)
        else { return nil }
        return String(cString: text)
    }

    /// The value at `path` as an integer, when it is one.
    public func integer(_ namespace: XMPNamespace, _ path: String) -> Int64? {
        string(namespace, path).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Whether anything (simple, struct or array) exists at `path`.
    public func has(_ namespace: XMPNamespace, _ path: String) -> Bool {
        xmp_has_property(handle, namespace.uri, path)
    }

    /// The number of items in the array at `path` (0 when absent).
    public func count(_ namespace: XMPNamespace, _ path: String) -> Int {
        var count = 0
        while count < 10_000, has(namespace, "\(path)[\(count + 1)]") { count += 1 }
        return count
    }

    /// Sets a simple value, creating the structs and array items on its path as needed.
    /// - Throws: ``MediaError`` `.invalidArgument` when the toolkit refuses the path.
    public func set(_ namespace: XMPNamespace, _ path: String, _ value: String) throws {
        guard xmp_set_property(handle, namespace.uri, path, value, 0) else {
            throw MediaError(.invalidArgument, "cannot set XMP \(namespace.prefix):\(path) (Exempi error \(xmp_get_error()))")
        }
    }

    /// Creates an empty ordered array (`rdf:Seq`) at `path`, replacing what was there.
    public func setOrderedArray(_ namespace: XMPNamespace, _ path: String) throws {
        remove(namespace, path)
        guard xmp_set_property(handle, namespace.uri, path, "", cexempi_prop_ordered_array()) else {
            throw MediaError(.invalidArgument, "cannot create XMP array \(namespace.prefix):\(path) (Exempi error \(xmp_get_error()))")
        }
    }

    /// Removes the property at `path` (and everything below it); nothing happens when absent.
    public func remove(_ namespace: XMPNamespace, _ path: String) {
        if has(namespace, path) { xmp_delete_property(handle, namespace.uri, path) }
    }

    /// The names (without prefix) of the top-level properties of `namespace`.
    public func propertyNames(in namespace: XMPNamespace) -> [String] {
        guard let iterator = xmp_iterator_new(handle, namespace.uri, nil, XmpIterOptions(rawValue: cexempi_iter_immediate_children())) else { return [] }
        defer { xmp_iterator_free(iterator) }
        let schema = xmp_string_new()
        let name = xmp_string_new()
        let value = xmp_string_new()
        defer {
            xmp_string_free(schema)
            xmp_string_free(name)
            xmp_string_free(value)
        }
        var names: [String] = []
        var options: UInt32 = 0
        while xmp_iterator_next(iterator, schema, name, value, &options) {
            guard let text = xmp_string_cstr(name) else { continue }
            let path = String(cString: text)
            guard !path.isEmpty else { continue }  // the schema node itself
            let local = path.split(separator: ":", maxSplits: 1).last.map(String.init) ?? path
            if !local.contains("/") && !local.contains("[") { names.append(local) }
        }
        return names
    }

    /// Serialises the packet in the compact RDF form, inside an `<?xpacket?>` wrapper.
    /// - Parameter padding: Bytes of whitespace after the packet for in-place editing (0 for a
    ///   read-only packet without padding).
    public func serialized(padding: Int = 0) throws -> [UInt8] {
        let buffer = xmp_string_new()
        defer { xmp_string_free(buffer) }
        let options = cexempi_serial_compact() | (padding == 0 ? cexempi_serial_read_only() : 0)
        guard xmp_serialize_and_format(handle, buffer, options, UInt32(max(0, padding)), "\n", " ", 0),
            let text = xmp_string_cstr(buffer)
        else {
            throw MediaError(.encodingFailed, "cannot serialise the XMP packet (Exempi error \(xmp_get_error()))")
        }
        return Array(String(cString: text).utf8)
    }
}
