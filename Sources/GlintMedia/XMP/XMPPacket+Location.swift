extension XMPPacket {
    /// Where a place can be named in XMP: every `exif:GPS*` (and `exifEX:GPS*`) property, the
    /// Photoshop city/state/country, and the IPTC location fields.
    static let locationProperties: [(XMPNamespace, [String])] = [
        (.photoshop, ["City", "State", "Country"]),
        (.iptcCore, ["Location", "CountryCode"]),
        (.iptcExtension, ["LocationCreated", "LocationShown"]),
    ]

    /// Whether the packet names a place.
    public var hasLocation: Bool {
        !locationPaths().isEmpty
    }

    /// Removes every property that names a place (see ``hasLocation``).
    /// - Returns: The properties removed, as `prefix:Name`.
    @discardableResult
    public func removeLocation() -> [String] {
        let paths = locationPaths()
        for (namespace, name) in paths { remove(namespace, name) }
        return paths.map { "\($0.0.prefix):\($0.1)" }
    }

    private func locationPaths() -> [(XMPNamespace, String)] {
        var paths: [(XMPNamespace, String)] = []
        for namespace in [XMPNamespace.exif, .exifEX] {
            paths += propertyNames(in: namespace).filter { $0.hasPrefix("GPS") }.map { (namespace, $0) }
        }
        for (namespace, names) in Self.locationProperties {
            paths += names.filter { has(namespace, $0) }.map { (namespace, $0) }
        }
        return paths
    }
}
