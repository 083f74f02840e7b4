/// The namespace prefixes an XMP packet declares (`xmlns:hdrgm="..."`), as a scan meets them: at
/// most ``MotionPhotoXMPScan/namespaceLimit`` are remembered. Scoping is not tracked: a prefix
/// means the last URI declared for it.
struct XMPPrefixes {
    private var uris: [Substring: String] = [:]

    /// Remembers the `xmlns` declarations among `attributes`.
    mutating func declare(_ attributes: [(name: Substring, value: Substring)]) {
        for (name, value) in attributes where name == "xmlns" || name.hasPrefix("xmlns:") {
            let prefix = name == "xmlns" ? Substring("") : name.dropFirst(6)
            guard uris[prefix] != nil || uris.count < MotionPhotoXMPScan.namespaceLimit else { continue }
            uris[prefix] = String(value)
        }
    }

    /// The namespace URI and local part of a qualified name (nil URI for an undeclared prefix).
    func resolve(_ name: Substring) -> (String?, Substring) {
        guard let colon = name.firstIndex(of: ":") else { return (uris[""], name) }
        return (uris[name[..<colon]], name[name.index(after: colon)...])
    }
}
