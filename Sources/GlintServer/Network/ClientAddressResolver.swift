import Foundation
import HTTPTypes

/// Who a request came from, for the per-address rate limits of the anonymous pages: the TCP peer,
/// unless the peer is one of the operator's trusted proxies (`--trusted-proxies`), in which case
/// `X-Forwarded-For` is read from the right, each hop that is itself a trusted proxy skipped, and
/// the first address that is not one is the client (what a load balancer appended, never what
/// the client wrote on the left). Without trusted proxies the header is never read, so a client
/// cannot choose its own address.
///
/// The same rule says whether the request came over TLS: only a trusted proxy's
/// `X-Forwarded-Proto: https` counts.
public struct ClientAddressResolver: Sendable {
    /// The proxies whose forwarding headers are believed.
    public var trustedProxies: [IPNetwork]

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// The most `X-Forwarded-For` entries looked at (a longer chain is not walked further).
    static let maximumHops = 32

    /// - Parameter trustedProxies: The proxies whose forwarding headers are believed (none: the
    ///   peer is always the client).
    public init(trustedProxies: [IPNetwork] = []) {
        self.trustedProxies = trustedProxies
    }

    /// Whether `address` is one of the trusted proxies.
    func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The client's address: the peer's, or (behind a trusted proxy) the right-most
    /// `X-Forwarded-For` address that is not a trusted proxy. An entry that is not an address ends
    /// the walk: the last trusted hop is then the client. Nil only when the peer is unknown.
    func clientAddress(peer: IPAddress?, headers: HTTPFields) -> IPAddress? {
        guard let peer, isTrusted(peer) else { return peer }
        let entries = headers[values: Self.forwardedFor].flatMap { $0.split(separator: ",") }
        var client = peer
        for entry in entries.reversed().prefix(Self.maximumHops) {
            guard let hop = Self.forwardedAddress(entry) else { break }
            client = hop
            if !isTrusted(hop) { break }
        }
        return client
    }

    /// One `X-Forwarded-For` entry as an address: `203.0.113.9`, `2001:db8::1`, and the forms with a
    /// port some proxies write (`203.0.113.9:41234`, `[2001:db8::1]:41234`); nil for anything else.
    static func forwardedAddress(_ entry: Substring) -> IPAddress? {
        var text = entry.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.contains("."), let colon = text.firstIndex(of: ":"), text.filter({ $0 == ":" }).count == 1 {
            text = String(text[..<colon])
        }
        return IPAddress(text)
    }

    /// Whether the client reached Glint over TLS: a trusted proxy said `X-Forwarded-Proto: https`
    /// (its right-most value), or the request itself came over TLS.
    func isSecure(peer: IPAddress?, request: HTTPRequest) -> Bool {
        if request.scheme == "https" { return true }
        guard let peer, isTrusted(peer), let proto = request.headerFields[values: Self.forwardedProto].last else { return false }
        let last = proto.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return last == "https"
    }

    /// The name of `address`'s rate-limit bucket: an IPv4 address (an IPv4-mapped one as IPv4), or
    /// an IPv6 address's /64, the least a single subscriber is given.
    static func bucketName(_ address: IPAddress?) -> String {
        guard let address = address?.unmapped else { return "unknown" }
        guard address.family == .v6 else { return address.description }
        let network = IPAddress(bytes: Array(address.bytes.prefix(8)) + Array(repeating: 0, count: 8)) ?? address
        return "\(network)/64"
    }
}
