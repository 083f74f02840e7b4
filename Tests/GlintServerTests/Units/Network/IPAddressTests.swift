import GlintTestSupport
import NIOCore
import Testing

@testable import GlintServer

@Suite("network: IP addresses and CIDR ranges", .suiteTimeLimit)
struct IPAddressTests {
    @Test("IPv4 dotted quads and IPv6 text parse and print canonically")
    func parsesCanonicalForms() throws {
        #expect(IPAddress("127.0.0.1")?.bytes == [127, 0, 0, 1])
        #expect(IPAddress("127.0.0.1")?.family == .v4)
        #expect(IPAddress("255.255.255.255")?.description == "255.255.255.255")
        #expect(IPAddress("::1")?.bytes == Array(repeating: 0, count: 15) + [1])
        #expect(IPAddress("FD00:0:0::0001")?.description == "fd00::1")
        #expect(IPAddress("::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress("fd00::1")?.uriHost == "[fd00::1]")
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test(
        "spellings inet_pton refuses are refused",
        arguments: [
            "", "127.1", "127.0.1", "0x7f.0.0.1", "0x7f000001", "2130706433", "017.0.0.1", "0177.0.0.1",
            "127.0.0.1.", "127.0.0.256", " 127.0.0.1", "127.0.0.1 ", "[::1]", "fe80::1%eth0", "::1::",
            "localhost", "1.2.3.4/8", "::ffff:127.1",
        ])
    func refusesLooseSpellings(text: String) {
        #expect(IPAddress(text) == nil)
    }

    /// Found by the CallbackURL fuzzer: `inet_pton` reads a C string, so the text up to a NUL was
    /// taken for the whole (`169.254.169.2\0...542001/2d` parsed as 169.254.169.2).
    @Test("text with a NUL after an address is not an address", arguments: ["169.254.169.2\0garbage", "::1\0", "10.0.0.1\0/8"])
    func refusesEmbeddedNUL(text: String) {
        #expect(IPAddress(text) == nil)
        #expect(throws: IPNetworkError.self) { try IPNetwork(text) }
    }

    @Test("IPv4-mapped addresses expose their IPv4 address")
    func mappedAddresses() throws {
        let mapped = try #require(IPAddress("::ffff:10.1.2.3"))
        #expect(mapped.isIPv4Mapped)
        #expect(mapped.embeddedIPv4 == IPAddress("10.1.2.3"))
        #expect(mapped.unmapped == IPAddress("10.1.2.3"))
        let plain = try #require(IPAddress("::10.1.2.3"))
        #expect(!plain.isIPv4Mapped)
        #expect(plain.embeddedIPv4 == nil)
        #expect(IPAddress("10.1.2.3")?.isIPv4Mapped == false)
    }

    @Test("addresses come from NIO socket addresses")
    func fromSocketAddress() throws {
        #expect(IPAddress(try SocketAddress(ipAddress: "192.168.1.20", port: 80)) == IPAddress("192.168.1.20"))
        #expect(IPAddress(try SocketAddress(ipAddress: "2001:db8::5", port: 443)) == IPAddress("2001:db8::5"))
        #expect(IPAddress(try SocketAddress(ipAddress: "::ffff:1.2.3.4", port: 443))?.embeddedIPv4 == IPAddress("1.2.3.4"))
    }

    @Test("CIDR ranges parse, and a bare address is one address")
    func parsesNetworks() throws {
        let ten = try IPNetwork("10.0.0.0/8")
        #expect(ten.prefixLength == 8)
        #expect(ten.description == "10.0.0.0/8")
        #expect(try IPNetwork("fd00::/8").description == "fd00::/8")
        #expect(try IPNetwork("192.0.2.7").prefixLength == 32)
        #expect(try IPNetwork("::1").prefixLength == 128)
        #expect(try IPNetwork(" 0.0.0.0/0 ").prefixLength == 0)
    }

    @Test("malformed CIDR is refused with a clear error")
    func refusesMalformedNetworks() {
        #expect(throws: IPNetworkError.invalidPrefix("10.0.0.0/33")) { try IPNetwork("10.0.0.0/33") }
        #expect(throws: IPNetworkError.invalidPrefix("fd00::/129")) { try IPNetwork("fd00::/129") }
        #expect(throws: IPNetworkError.invalidPrefix("10.0.0.0/")) { try IPNetwork("10.0.0.0/") }
        #expect(throws: IPNetworkError.invalidPrefix("10.0.0.0/+8")) { try IPNetwork("10.0.0.0/+8") }
        #expect(throws: IPNetworkError.invalidPrefix("10.0.0.0/8/8")) { try IPNetwork("10.0.0.0/8/8") }
        #expect(throws: IPNetworkError.invalidAddress("10.0/8")) { try IPNetwork("10.0/8") }
        #expect(throws: IPNetworkError.invalidAddress("example.com/8")) { try IPNetwork("example.com/8") }
        #expect(throws: IPNetworkError.empty) { try IPNetwork("") }
        #expect(throws: IPNetworkError.hostBitsSet("10.0.0.1/8", suggestion: "10.0.0.0/8")) { try IPNetwork("10.0.0.1/8") }
        #expect(IPNetworkError.hostBitsSet("10.0.0.1/8", suggestion: "10.0.0.0/8").description.contains("did you mean 10.0.0.0/8"))
    }

    @Test("contains compares prefixes, and mapped IPv6 as IPv4")
    func containment() throws {
        let loopback = try IPNetwork("127.0.0.0/8")
        #expect(loopback.contains(IPAddress("127.255.0.1")!))
        #expect(!loopback.contains(IPAddress("128.0.0.1")!))
        #expect(loopback.contains(IPAddress("::ffff:127.0.0.1")!))
        #expect(!loopback.contains(IPAddress("::1")!))
        let twelve = try IPNetwork("172.16.0.0/12")
        #expect(twelve.contains(IPAddress("172.31.255.255")!))
        #expect(!twelve.contains(IPAddress("172.32.0.0")!))
        let linkLocal = try IPNetwork("fe80::/10")
        #expect(linkLocal.contains(IPAddress("febf::1")!))
        #expect(!linkLocal.contains(IPAddress("fec0::1")!))
        #expect(!linkLocal.contains(IPAddress("169.254.0.1")!))
        let mapped = try IPNetwork("::ffff:0:0/96")
        #expect(mapped.contains(IPAddress("::ffff:8.8.8.8")!))
        #expect(!mapped.contains(IPAddress("8.8.8.8")!))
        #expect(try IPNetwork("0.0.0.0/0").contains(IPAddress("8.8.8.8")!))
        #expect(try IPNetwork("::/0").contains(IPAddress("2001:db8::1")!))
    }

    @Test("comma lists parse, with spaces, and name the bad entry")
    func parsesLists() throws {
        #expect(try IPNetwork.parseList("") == [])
        #expect(try IPNetwork.parseList("10.0.0.0/8, fd00::/8,192.0.2.1").map(\.description) == ["10.0.0.0/8", "fd00::/8", "192.0.2.1/32"])
        #expect(throws: IPNetworkError.empty) { try IPNetwork.parseList("10.0.0.0/8,,fd00::/8") }
        #expect(throws: IPNetworkError.invalidAddress("nope")) { try IPNetwork.parseList("10.0.0.0/8, nope") }
    }
}
