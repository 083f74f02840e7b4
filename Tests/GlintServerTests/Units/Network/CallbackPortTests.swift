import GlintTestSupport
import Testing

@testable import GlintServer

/// Found by the CallbackURL fuzzer: Foundation's URL parsers read `:70000` as port 70000, the
/// submission check let it through, and the delivery's connection (NIO's `SocketAddress`, which
/// stores the port as 16 bits) would have trapped and ended the process.
@Suite("network: callback URL ports", .suiteTimeLimit)
struct CallbackPortTests {
    @Test(
        "a callback URL whose port is not in 1...65535 is refused at submission",
        arguments: [
            "https://example.com:70000/hook", "http://93.184.215.14:65536/", "http://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]:99999/",
            "http://example.com:0/",
        ])
    func outOfRangePort(_ url: String) {
        let refusal = #expect(throws: EgressRefusal.self) { try EgressPolicy().checkCallback(url) }
        #expect(refusal?.rule == "a port in 1...65535")
    }

    @Test("ports in range, and none, are read as given or as the scheme's default")
    func ports() throws {
        #expect(try EgressTarget(url: "https://example.com:65535/hook").port == 65535)
        #expect(try EgressTarget(url: "http://example.com:1/").port == 1)
        #expect(try EgressTarget(url: "https://example.com/").port == 443)
        #expect(try EgressTarget(url: "http://example.com/").port == 80)
    }
}
