import Foundation

/// An outbound URL as the egress policy reads it: `http` or `https`, no user information, and a
/// host that is a literal address (in any spelling) or a plain DNS name.
public struct EgressTarget: Sendable, Hashable {
    /// The URL as given.
    public let url: String
    /// `http` or `https`.
    public let scheme: String
    /// The host as the URL spells it, without IPv6 brackets (what ``EgressClient`` maps to the
    /// checked address).
    public let host: String
    /// The port, the scheme's default when the URL has none.
    public let port: Int
    /// The host as an address or a name.
    public let reading: IPAddress.URLHostReading

    /// Reads `text`.
    /// - Throws: ``EgressRefusal`` (rule `malformed URL`, `user information`, `scheme`, `port`, `host`)
    ///   saying what is wrong.
    public init(url text: String) throws(EgressRefusal) {
        guard text.utf8.count <= 2000, let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let rawHost = components.percentEncodedHost, !rawHost.isEmpty
        else { throw EgressRefusal(rule: "malformed URL", subject: "callbackURL") }
        guard scheme == "http" || scheme == "https" else {
            throw EgressRefusal(rule: "only http and https", subject: "scheme \(scheme)")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw EgressRefusal(rule: "user information in the URL", subject: "callbackURL")
        }
        let host = Self.withoutBrackets(rawHost)
        // The HTTP client reads the URL with Foundation's URL: it must see the host checked here.
        let clientURL = URL(string: text)
        guard let clientHost = clientURL?.host.map(Self.withoutBrackets), clientHost.lowercased() == host.lowercased() else {
            throw EgressRefusal(rule: "a host no two parsers read alike", subject: "host \(rawHost)")
        }
        // Foundation reads any number as the port (`:70000`); NIO's socket address would trap on one
        // past 65535 when the delivery connects.
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port), clientURL?.port == components.port else {
            throw EgressRefusal(rule: "a port in 1...65535", subject: "port \(components.port.map(String.init) ?? "?")")
        }
        let reading = IPAddress.reading(urlHost: host.contains(":") ? "[\(host)]" : host)
        switch reading {
        case .invalid: throw EgressRefusal(rule: "an address no two parsers read alike", subject: "host \(rawHost)")
        case .name(let name) where !Self.isPlainName(name):
            throw EgressRefusal(rule: "host names are letters, digits, '-', '_' and '.' (IDNs in xn-- form)", subject: "host \(rawHost)")
        default: break
        }
        self.url = text
        self.scheme = scheme
        self.host = host
        self.port = port
        self.reading = reading
    }

    private static func withoutBrackets(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func isPlainName(_ name: String) -> Bool {
        name.utf8.count <= 253 && !name.hasPrefix(".") && !name.contains("..")
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F
            }
    }
}

extension EgressPolicy {
    /// Why `target` is refused before anything is resolved (a literal address in a refused range,
    /// a special-use name), or nil when it may be resolved and checked at connection time.
    public func refusal(for target: EgressTarget) -> EgressRefusal? {
        switch target.reading {
        case .address(let address): refusal(for: address)
        case .name(let name): refusal(forName: name)
        case .invalid: EgressRefusal(rule: "an address no two parsers read alike", subject: "host \(target.host)")
        }
    }

    /// Checks a callback URL at submission.
    /// - Throws: ``EgressRefusal`` naming the rule that refuses it.
    public func checkCallback(_ url: String) throws(EgressRefusal) {
        let target = try EgressTarget(url: url)
        if let refusal = refusal(for: target) { throw refusal }
    }
}
