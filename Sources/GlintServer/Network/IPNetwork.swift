/// A range of IP addresses in CIDR notation: `10.0.0.0/8`, `fd00::/8`; a bare address is one
/// address (`/32` or `/128`).
///
/// ``contains(_:)`` compares an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`) with IPv4 ranges as
/// its IPv4 address, so that a mapped spelling cannot slip past an IPv4 rule.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the range (the host bits are zero).
    public let address: IPAddress
    /// How many leading bits are fixed: 0...32 for IPv4, 0...128 for IPv6.
    public let prefixLength: Int

    /// A range from its first address and prefix length. Throws if the prefix is out of range
    /// for the family or the address has bits set beyond the prefix (`10.0.0.1/8`).
    public init(address: IPAddress, prefixLength: Int) throws(IPNetworkError) {
        let text = "\(address)/\(prefixLength)"
        guard (0...address.bytes.count * 8).contains(prefixLength) else { throw .invalidPrefix(text) }
        guard Self.masked(address.bytes, prefixLength) == address.bytes else {
            let base = IPAddress(bytes: Self.masked(address.bytes, prefixLength))!
            throw .hostBitsSet(text, suggestion: "\(base)/\(prefixLength)")
        }
        self.address = address
        self.prefixLength = prefixLength
    }

    /// Parses `ADDRESS/PREFIX` or a bare `ADDRESS` (addresses as strictly as ``IPAddress/init(_:)``,
    /// the prefix as decimal digits only).
    public init(_ text: String) throws(IPNetworkError) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw .empty }
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(String(parts[0])) else { throw .invalidAddress(trimmed) }
        var prefix = address.bytes.count * 8
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 3, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(digits)
            else { throw .invalidPrefix(trimmed) }
            prefix = value
        }
        try self.init(address: address, prefixLength: prefix)
    }

    /// Parses a comma-separated list (`10.0.0.0/8, fd00::/8`); spaces around entries are allowed,
    /// an empty list is `[]`, an empty entry (`10.0.0.0/8,,`) is an error.
    public static func parseList(_ text: String) throws(IPNetworkError) -> [IPNetwork] {
        guard !text.trimmingSpaces.isEmpty else { return [] }
        var networks: [IPNetwork] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            networks.append(try IPNetwork(String(entry)))
        }
        return networks
    }

    /// Whether `candidate` is in this range. An IPv4-mapped IPv6 address is also compared as its
    /// IPv4 address; an IPv4 address is never in an IPv6 range.
    public func contains(_ candidate: IPAddress) -> Bool {
        matches(candidate) || (candidate.embeddedIPv4.map(matches) ?? false)
    }

    private func matches(_ candidate: IPAddress) -> Bool {
        candidate.family == address.family && Self.masked(candidate.bytes, prefixLength) == address.bytes
    }

    /// `10.0.0.0/8`.
    public var description: String { "\(address)/\(prefixLength)" }

    private static func masked(_ bytes: [UInt8], _ prefix: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let bits = min(max(prefix - index * 8, 0), 8)
            return bits == 8 ? byte : byte & ~(UInt8(0xFF) >> bits)
        }
    }
}

/// Why an IP range (CIDR) could not be read.
public enum IPNetworkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An empty entry.
    case empty
    /// The part before `/` is not an IPv4 or IPv6 address.
    case invalidAddress(String)
    /// The prefix is not a number within the family's bits.
    case invalidPrefix(String)
    /// The address has bits set beyond the prefix.
    case hostBitsSet(String, suggestion: String)

    public var description: String {
        switch self {
        case .empty: "empty network entry (expected CIDR such as 10.0.0.0/8 or fd00::/8)"
        case .invalidAddress(let text): "'\(text)' is not an IP address or CIDR range (expected such as 10.0.0.0/8 or fd00::/8)"
        case .invalidPrefix(let text): "'\(text)' has an invalid prefix length (0-32 for IPv4, 0-128 for IPv6)"
        case .hostBitsSet(let text, let suggestion): "'\(text)' has bits set beyond its prefix; did you mean \(suggestion)?"
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
