/// Where Glint may send a request on a tenant's behalf (webhooks, and any outbound request it will
/// make): the one policy that ``EgressClient`` applies to every address it connects to.
///
/// Refused, each by a named rule (the rules of imgproxy and of the IANA special-purpose
/// registries): loopback, private (RFC 1918), shared address space (RFC 6598), link-local,
/// unique-local, site-local, multicast, unspecified, broadcast and reserved addresses,
/// documentation and benchmarking ranges, IPv4-mapped and IPv4-compatible IPv6, the NAT64, 6to4
/// and Teredo forms that carry an IPv4 address, and the cloud metadata addresses. The operator may
/// open chosen ranges (`--allow-callback-networks`); the cloud metadata addresses stay refused.
public struct EgressPolicy: Sendable {
    /// One rule: a range and the name a refusal gives.
    public struct Rule: Sendable, Hashable {
        public let name: String
        public let network: IPNetwork

        init(_ name: String, _ cidr: String) {
            self.name = name
            self.network = try! IPNetwork(cidr)
        }
    }

    /// Ranges the operator opened (`--allow-callback-networks`).
    public var allowedNetworks: [IPNetwork]

    /// A policy that refuses every rule's range but those in `allowedNetworks`.
    public init(allowedNetworks: [IPNetwork] = []) {
        self.allowedNetworks = allowedNetworks
    }

    /// Refused even inside an allowed network: they hand out the host's cloud credentials.
    public static let metadataRules: [Rule] = [
        Rule("cloud metadata", "169.254.169.254/32"), Rule("cloud metadata (ECS)", "169.254.170.2/32"),
        Rule("cloud metadata (Alibaba)", "100.100.100.200/32"), Rule("cloud metadata", "fd00:ec2::254/128"),
    ]

    /// The ranges refused unless allowed, most specific first.
    public static let rules: [Rule] = [
        Rule("broadcast", "255.255.255.255/32"), Rule("unspecified", "0.0.0.0/8"), Rule("private", "10.0.0.0/8"),
        Rule("shared address space (RFC 6598)", "100.64.0.0/10"), Rule("loopback", "127.0.0.0/8"),
        Rule("link-local", "169.254.0.0/16"), Rule("private", "172.16.0.0/12"),
        Rule("IETF protocol assignments", "192.0.0.0/24"), Rule("documentation", "192.0.2.0/24"),
        Rule("6to4 relay anycast", "192.88.99.0/24"), Rule("private", "192.168.0.0/16"),
        Rule("benchmarking", "198.18.0.0/15"), Rule("documentation", "198.51.100.0/24"),
        Rule("documentation", "203.0.113.0/24"), Rule("multicast", "224.0.0.0/4"), Rule("reserved", "240.0.0.0/4"),
        Rule("unspecified", "::/128"), Rule("loopback", "::1/128"), Rule("IPv4-mapped IPv6", "::ffff:0:0/96"),
        Rule("IPv4-compatible IPv6", "::/96"), Rule("IPv4/IPv6 translation", "64:ff9b:1::/48"),
        Rule("discard-only", "100::/64"), Rule("Teredo", "2001::/32"), Rule("benchmarking", "2001:2::/48"),
        Rule("documentation", "2001:db8::/32"), Rule("documentation", "3fff::/20"), Rule("unique-local", "fc00::/7"),
        Rule("link-local", "fe80::/10"), Rule("site-local", "fec0::/10"), Rule("multicast", "ff00::/8"),
    ]

    /// Names that mean this machine or its private network whatever they resolve to (RFC 6761,
    /// mDNS, cloud-internal zones such as `metadata.google.internal`).
    public static let refusedNameSuffixes = ["localhost", "local", "internal", "localdomain", "home.arpa"]

    /// Why `address` is refused, or nil when it may be connected to.
    public func refusal(for address: IPAddress) -> EgressRefusal? {
        if let rule = Self.metadataRules.first(where: { $0.network.contains(address) }) {
            return EgressRefusal(rule: rule.name, subject: address.description)
        }
        if allowedNetworks.contains(where: { $0.contains(address) }) { return nil }
        // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry.
        if let (form, embedded) = Self.translated(address) {
            guard let inner = refusal(for: embedded) else { return nil }
            return EgressRefusal(rule: "\(form) form of \(inner.rule)", subject: address.description)
        }
        if let rule = Self.rules.first(where: { $0.network.contains(address) }) {
            return EgressRefusal(rule: rule.name, subject: address.description)
        }
        return nil
    }

    /// Why a host name is refused before it is resolved (`localhost`, `*.localhost`, `*.internal`
    /// ...), or nil.
    public func refusal(forName name: String) -> EgressRefusal? {
        var lower = name.lowercased()
        if lower.hasSuffix(".") { lower.removeLast() }
        for suffix in Self.refusedNameSuffixes where lower == suffix || lower.hasSuffix("." + suffix) {
            return EgressRefusal(rule: "special-use name .\(suffix)", subject: name)
        }
        return nil
    }

    private static func translated(_ address: IPAddress) -> (String, IPAddress)? {
        let bytes = address.bytes
        guard bytes.count == 16 else { return nil }
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return ("NAT64", IPAddress(bytes: Array(bytes[12..<16]))!)
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return ("6to4", IPAddress(bytes: Array(bytes[2..<6]))!) }
        return nil
    }
}

/// Why Glint will not send a request somewhere: the rule and the address or name it refused.
public struct EgressRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule's name (`loopback`, `private`, `cloud metadata` ...).
    public var rule: String
    /// The refused address or name.
    public var subject: String

    public init(rule: String, subject: String) {
        self.rule = rule
        self.subject = subject
    }

    public var description: String { "\(subject) is refused by the egress policy (\(rule))" }
}
