import Foundation
import GlintTestSupport
import HTTPTypes
import Testing

@testable import GlintServer

@Suite("pages: the client's address behind trusted proxies", .suiteTimeLimit)
struct ClientAddressResolverTests {
    static func headers(_ forwardedFor: String...) -> HTTPFields {
        var fields = HTTPFields()
        for value in forwardedFor { fields.append(HTTPField(name: ClientAddressResolver.forwardedFor, value: value)) }
        return fields
    }

    static func address(_ text: String) -> IPAddress { IPAddress(text)! }

    @Test("without trusted proxies X-Forwarded-For is never read: the peer is the client")
    func noTrustedProxies() {
        let resolver = ClientAddressResolver()
        let peer = Self.address("203.0.113.9")
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("198.51.100.1")) == peer)
        #expect(resolver.clientAddress(peer: nil, headers: Self.headers("198.51.100.1")) == nil)
    }

    @Test("a peer that is not a trusted proxy cannot name another client")
    func untrustedPeer() throws {
        let resolver = ClientAddressResolver(trustedProxies: try IPNetwork.parseList("10.0.0.0/8"))
        let peer = Self.address("203.0.113.9")
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("198.51.100.1")) == peer)
    }

    @Test("behind trusted proxies, the right-most address that is not a proxy; what the client wrote on the left is ignored")
    func trustedChain() throws {
        let resolver = ClientAddressResolver(trustedProxies: try IPNetwork.parseList("10.0.0.0/8,fd00::/8"))
        let peer = Self.address("10.0.0.2")
        // The client sent "1.2.3.4" itself; the load balancer appended the real address, then another proxy its own.
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("1.2.3.4, 198.51.100.7, 10.1.1.1")) == Self.address("198.51.100.7"))
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("1.2.3.4", "198.51.100.7")) == Self.address("198.51.100.7"))
        #expect(resolver.clientAddress(peer: Self.address("::ffff:10.0.0.2"), headers: Self.headers("2001:db8::1")) == Self.address("2001:db8::1"))
        // Only proxies: the left-most one. None: the peer. Garbage ends the walk at the last trusted hop.
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("10.9.9.9, 10.1.1.1")) == Self.address("10.9.9.9"))
        #expect(resolver.clientAddress(peer: peer, headers: HTTPFields()) == peer)
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("198.51.100.7, not-an-address, 10.1.1.1")) == Self.address("10.1.1.1"))
        // Proxies that write ports.
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("198.51.100.7:41234")) == Self.address("198.51.100.7"))
        #expect(resolver.clientAddress(peer: peer, headers: Self.headers("[2001:db8::7]:41234")) == Self.address("2001:db8::7"))
    }

    @Test("X-Forwarded-Proto https counts only from a trusted proxy")
    func secure() throws {
        let resolver = ClientAddressResolver(trustedProxies: try IPNetwork.parseList("127.0.0.1/32"))
        var request = HTTPRequest(method: .get, scheme: "http", authority: "example.com", path: "/")
        request.headerFields[ClientAddressResolver.forwardedProto] = "https"
        #expect(resolver.isSecure(peer: Self.address("127.0.0.1"), request: request))
        #expect(!resolver.isSecure(peer: Self.address("203.0.113.9"), request: request))
        request.headerFields[ClientAddressResolver.forwardedProto] = "http"
        #expect(!resolver.isSecure(peer: Self.address("127.0.0.1"), request: request))
    }

    @Test("rate-limit buckets: an IPv4 address (mapped or not), an IPv6 address's /64")
    func buckets() {
        #expect(ClientAddressResolver.bucketName(Self.address("198.51.100.7")) == "198.51.100.7")
        #expect(ClientAddressResolver.bucketName(Self.address("::ffff:198.51.100.7")) == "198.51.100.7")
        #expect(ClientAddressResolver.bucketName(Self.address("2001:db8:1:2:aaaa::1")) == "2001:db8:1:2::/64")
        #expect(
            ClientAddressResolver.bucketName(Self.address("2001:db8:1:2::1"))
                == ClientAddressResolver.bucketName(Self.address("2001:db8:1:2:ffff:ffff:ffff:ffff")))
    }
}
