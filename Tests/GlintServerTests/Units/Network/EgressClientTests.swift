import GlintTestSupport
import NIOCore
import Testing

@testable import GlintServer

/// What ``EgressClient`` checks before it connects: every resolved address, literal addresses
/// without a lookup, and a lookup that never answers cut off at the attempt's timeout.
@Suite("network: the egress client's checks", .suiteTimeLimit)
struct EgressClientTests {
    /// Answers `addresses` after `delay`, and counts its lookups.
    struct ScriptedResolver: HostResolver {
        var addresses: [String]
        var delay: Duration = .zero
        func addresses(of host: String) async throws -> [IPAddress] {
            try await Task.sleep(for: delay)
            return addresses.compactMap { IPAddress($0) }
        }
    }

    /// Fails the test if asked: literal addresses need no lookup.
    struct NoLookups: HostResolver {
        func addresses(of host: String) async throws -> [IPAddress] {
            Issue.record("looked up \(host)")
            return []
        }
    }

    @Test("if any resolved address is refused the name is refused, naming the rule, the name and the address")
    func anyRefusedAddressRefuses() async throws {
        let client = EgressClient(resolver: ScriptedResolver(addresses: ["93.184.216.34", "10.1.2.3"]))
        do {
            _ = try await client.checkedAddress(for: try EgressTarget(url: "https://hooks.example.com/x"))
            Issue.record("accepted a name resolving to 10.1.2.3")
        } catch let refusal as EgressRefusal {
            #expect(refusal.rule == "private")
            #expect(refusal.subject.contains("hooks.example.com") && refusal.subject.contains("10.1.2.3"))
        }
        let open = EgressClient(resolver: ScriptedResolver(addresses: ["93.184.216.34", "2606:2800::1"]))
        #expect(try await open.checkedAddress(for: try EgressTarget(url: "https://hooks.example.com/x")) == IPAddress("93.184.216.34"))
    }

    @Test("a literal address is checked as it is, without a lookup")
    func literalsNeedNoLookup() async throws {
        let client = EgressClient(resolver: NoLookups())
        #expect(try await client.checkedAddress(for: try EgressTarget(url: "http://8.8.8.8/")) == IPAddress("8.8.8.8"))
        await #expect(throws: EgressRefusal.self) { try await client.checkedAddress(for: try EgressTarget(url: "http://2130706433/")) }
    }

    @Test("a lookup that never answers ends at the attempt's timeout")
    func lookupTimeout() async throws {
        // The lookup would answer (a public address) after 600 s: an error says the timeout came first.
        // No wall-clock bound here: beside the other suites the cooperative pool can be busy for long.
        let client = EgressClient(resolver: ScriptedResolver(addresses: ["93.184.216.34"], delay: .seconds(600)))
        do {
            let address = try await client.checkedAddress(for: try EgressTarget(url: "https://slow.example.com/"), timeout: .milliseconds(200))
            Issue.record("the lookup answered \(address) instead of timing out")
        } catch let error as HostResolutionError {
            #expect(error.reason.contains("no answer within"), "\(error)")
        }
    }
}
