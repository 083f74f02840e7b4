import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address, as its network-order bytes (4 or 16).
///
/// Parsing is strict: only what `inet_pton` accepts, that is IPv4 dotted quads of four decimal
/// numbers (no `127.1`, no `0x7f.0.0.1`, no `017.0.0.1`, no `2130706433`) and IPv6 text without
/// brackets or zone (`fe80::1%eth0` is refused). The looser spellings that URL parsers and
/// resolvers also take for an address are read by ``IPAddress/init(urlHost:)``.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address family.
    public enum Family: Sendable, Hashable {
        case v4
        case v6
    }

    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Makes an address from its network-order bytes; nil unless there are 4 or 16.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses IPv4 dotted-quad or IPv6 text exactly as `inet_pton` does; nil for anything else.
    public init?(_ text: String) {
        // `inet_pton` reads a C string: it would stop at a NUL and take `127.0.0.1\0anything`.
        guard !text.utf8.contains(0) else { return nil }
        if text.contains(":") {
            var storage = in6_addr()
            guard inet_pton(AF_INET6, text, &storage) == 1 else { return nil }
            self.bytes = withUnsafeBytes(of: &storage) { Array($0) }
        } else {
            var storage = in_addr()
            guard inet_pton(AF_INET, text, &storage) == 1 else { return nil }
            self.bytes = withUnsafeBytes(of: &storage) { Array($0) }
        }
    }

    /// The address of a NIO socket address; nil for a Unix domain socket.
    public init?(_ address: SocketAddress) {
        switch address {
        case .v4(let v4):
            var storage = v4.address.sin_addr
            self.bytes = withUnsafeBytes(of: &storage) { Array($0) }
        case .v6(let v6):
            var storage = v6.address.sin6_addr
            self.bytes = withUnsafeBytes(of: &storage) { Array($0) }
        case .unixDomainSocket:
            return nil
        }
    }

    /// IPv4 or IPv6.
    public var family: Family { bytes.count == 4 ? .v4 : .v6 }

    /// Whether this is an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, RFC 4291 2.5.5.2).
    public var isIPv4Mapped: Bool {
        bytes.count == 16 && bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    }

    /// The IPv4 address an IPv4-mapped IPv6 address carries; nil for any other address.
    public var embeddedIPv4: IPAddress? {
        isIPv4Mapped ? IPAddress(bytes: Array(bytes[12..<16])) : nil
    }

    /// The address as it is compared with IPv4 rules: an IPv4-mapped address as its IPv4 address,
    /// any other as itself.
    public var unmapped: IPAddress { embeddedIPv4 ?? self }

    /// The canonical text (`inet_ntop`): `127.0.0.1`, `::ffff:127.0.0.1`, `fd00::1`.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text as it goes into a URL's host: IPv6 in brackets.
    public var uriHost: String { family == .v6 ? "[\(description)]" : description }
}
