import GlintTestSupport
import Testing

@testable import GlintServer

/// The egress policy's table: every refused range by its rule, the IPv6 forms that carry an IPv4
/// address, the names refused before resolving, the operator's allow-list, and the callback URL
/// spellings that a URL parser or resolver reads as an address.
@Suite("network: the egress policy", .suiteTimeLimit)
struct EgressPolicyTests {
    static let refused: [(String, String)] = [
        ("0.0.0.0", "unspecified"), ("0.1.2.3", "unspecified"), ("10.0.0.1", "private"), ("10.255.255.255", "private"),
        ("100.64.0.1", "shared address space (RFC 6598)"), ("100.127.255.254", "shared address space (RFC 6598)"),
        ("127.0.0.1", "loopback"), ("127.1.2.3", "loopback"), ("169.254.0.1", "link-local"), ("169.254.169.254", "cloud metadata"),
        ("169.254.170.2", "cloud metadata (ECS)"), ("100.100.100.200", "cloud metadata (Alibaba)"), ("172.16.0.1", "private"),
        ("172.31.255.255", "private"), ("192.0.0.8", "IETF protocol assignments"), ("192.0.2.1", "documentation"),
        ("192.88.99.1", "6to4 relay anycast"), ("192.168.1.1", "private"), ("198.18.0.1", "benchmarking"), ("198.19.255.1", "benchmarking"),
        ("198.51.100.7", "documentation"), ("203.0.113.9", "documentation"), ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"),
        ("240.0.0.1", "reserved"), ("255.255.255.255", "broadcast"),
        ("::", "unspecified"), ("::1", "loopback"), ("::ffff:127.0.0.1", "loopback"), ("::ffff:10.0.0.1", "private"),
        ("::ffff:169.254.169.254", "cloud metadata"), ("::ffff:8.8.8.8", "IPv4-mapped IPv6"), ("::127.0.0.1", "IPv4-compatible IPv6"),
        ("::8.8.8.8", "IPv4-compatible IPv6"), ("64:ff9b::127.0.0.1", "NAT64 form of loopback"), ("64:ff9b::a9fe:a9fe", "NAT64 form of cloud metadata"),
        ("64:ff9b:1::1", "IPv4/IPv6 translation"), ("2002:7f00:1::", "6to4 form of loopback"), ("2002:c0a8:0101::1", "6to4 form of private"),
        ("100::1", "discard-only"), ("2001::1", "Teredo"), ("2001:2::1", "benchmarking"), ("2001:db8::1", "documentation"),
        ("3fff::1", "documentation"), ("fc00::1", "unique-local"), ("fd12:3456::1", "unique-local"), ("fd00:ec2::254", "cloud metadata"),
        ("fe80::1", "link-local"), ("febf::1", "link-local"), ("fec0::1", "site-local"), ("ff02::1", "multicast"),
    ]

    @Test("every special-purpose range is refused by its named rule", arguments: refused)
    func refusesRange(address: String, rule: String) throws {
        let parsed = try #require(IPAddress(address))
        let refusal = try #require(EgressPolicy().refusal(for: parsed))
        #expect(refusal.rule == rule)
        #expect(refusal.description.contains(rule))
    }

    @Test(
        "public addresses pass",
        arguments: [
            "8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450::1", "64:ff9b::808:808", "2002:808:808::1",
        ])
    func allowsPublic(address: String) throws {
        #expect(EgressPolicy().refusal(for: try #require(IPAddress(address))) == nil)
    }

    @Test("the allow-list opens chosen ranges, mapped forms included, but never the metadata addresses")
    func allowList() throws {
        let policy = EgressPolicy(allowedNetworks: try IPNetwork.parseList("127.0.0.0/8,10.0.0.0/8,169.254.0.0/16,fd00::/8"))
        for open in ["127.0.0.1", "::ffff:127.0.0.1", "10.1.2.3", "169.254.1.1", "fd00::5", "64:ff9b::a00:1"] {
            #expect(policy.refusal(for: IPAddress(open)!) == nil, "\(open)")
        }
        for closed in ["169.254.169.254", "fd00:ec2::254", "::ffff:169.254.169.254", "192.168.1.1", "::1", "100.100.100.200", "169.254.170.2"] {
            #expect(policy.refusal(for: IPAddress(closed)!) != nil, "\(closed)")
        }
    }

    @Test(
        "special-use names are refused before any lookup",
        arguments: ["localhost", "LOCALHOST.", "a.b.localhost", "printer.local", "metadata.google.internal", "router.home.arpa", "x.localdomain"])
    func refusesNames(name: String) {
        #expect(EgressPolicy().refusal(forName: name) != nil)
        #expect(EgressPolicy(allowedNetworks: [try! IPNetwork("127.0.0.0/8")]).refusal(forName: name) != nil)
    }

    @Test("ordinary names are left to the resolver", arguments: ["example.com", "hooks.example.org", "localhost.example.com", "my-local.net"])
    func allowsNames(name: String) {
        #expect(EgressPolicy().refusal(forName: name) == nil)
    }

    /// Every spelling of 127.0.0.1 (and friends) that a URL parser or `inet_aton` accepts.
    @Test(
        "callback URLs whose host is a refused address in any spelling are refused at submission",
        arguments: [
            "http://127.0.0.1:8080/", "http://localhost:8080/", "http://LocalHost./x", "http://[::1]/", "http://[::ffff:127.0.0.1]:80/",
            "http://[::ffff:7f00:1]/", "http://2130706433:8080/", "http://0x7f000001/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/",
            "http://127.0.1/", "http://017700000001/", "http://0/", "http://0.0.0.0/", "http://[::]/", "http://169.254.169.254/latest/meta-data/",
            "http://[fd00:ec2::254]/", "http://100.100.100.200/", "https://10.0.0.1/", "http://192.168.0.1./", "http://[fe80::1]/",
            "http://[64:ff9b::7f00:1]/", "http://metadata.google.internal/", "http://127.0.0.1.:80/",
        ])
    func refusesLiteralCallbacks(url: String) {
        #expect(throws: EgressRefusal.self, "\(url)") { try EgressPolicy().checkCallback(url) }
    }

    @Test(
        "callback URLs with user information, another scheme, an ambiguous or non-ASCII host are refused",
        arguments: [
            "http://user:pass@example.com/", "http://user@example.com/", "ftp://example.com/", "file:///etc/passwd", "gopher://example.com/",
            "http://256.0.0.1/", "http://1.2.3.4.5/", "http://0x100000000/", "http://[fe80::1%25eth0]/", "http://exa mple.com/",
            "http://%31%32%37.0.0.1/", "http://ex%61mple.com/", "http://bücher.example/", "http:///nohost",
        ])
    func refusesMalformed(url: String) {
        #expect(throws: EgressRefusal.self, "\(url)") { try EgressPolicy().checkCallback(url) }
    }

    @Test(
        "public callback URLs pass, and loopback ones once allowed",
        arguments: [
            "https://hooks.example.com/glint", "http://example.com:8080/x?y=1", "http://8.8.8.8/", "http://[2606:4700::1111]:443/",
        ])
    func allowsPublicCallbacks(url: String) throws {
        try EgressPolicy().checkCallback(url)
    }

    @Test("lenient IPv4 spellings read as the address a resolver would connect to")
    func lenientSpellings() throws {
        let loopback = IPAddress("127.0.0.1")
        for spelling in ["2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "127.1", "127.0.1", "0x7F.0.0.0x1", "127.0.0.1."] {
            #expect(IPAddress(urlHost: spelling) == loopback, "\(spelling)")
        }
        #expect(IPAddress(urlHost: "[::1]") == IPAddress("::1"))
        #expect(IPAddress(urlHost: "example.com") == nil)
        #expect(IPAddress.reading(urlHost: "256.1.1.1") == .invalid)
        #expect(IPAddress.reading(urlHost: "08.1.1.1") == .invalid)
        #expect(IPAddress.reading(urlHost: "1.example.123") == .invalid)
        let literal = try EgressTarget(url: "http://[::1]:9000/x")
        #expect(literal.port == 9000)
        #expect(literal.host == "::1")
        let named = try EgressTarget(url: "https://example.com/")
        #expect(named.port == 443)
    }
}
