import GlintCore
import GlintTestSupport
import NIOCore
import Synchronization
import Testing

@testable import GlintServer

/// What ``EgressClient`` checks before it connects: every resolved address, literal addresses
/// without a lookup, and a lookup that never answers cut off at the attempt's timeout (on the
/// client's clock, a manual one the test moves).
@Suite("network: the egress client's checks", .suiteTimeLimit)
struct EgressClientTests {
    /// Answers `addresses`.
    struct ScriptedResolver: HostResolver {
        var addresses: [String]
        func addresses(of host: String) async throws -> [IPAddress] {
            addresses.compactMap { IPAddress($0) }
        }
    }

    /// Answers `addresses` only once ``answer()`` is called (the test calls it at its end), as a
    /// lookup blocked on a thread would: cancelling it does not end it.
    final class HeldResolver: HostResolver {
        let addresses: [String]
        private let waiting = Mutex<(answered: Bool, continuations: [CheckedContinuation<Void, Never>])>((false, []))

        init(addresses: [String]) { self.addresses = addresses }

        func addresses(of host: String) async throws -> [IPAddress] {
            await withCheckedContinuation { continuation in
                let answered = waiting.withLock { state -> Bool in
                    if !state.answered { state.continuations.append(continuation) }
                    return state.answered
                }
                if answered { continuation.resume() }
            }
            return addresses.compactMap { IPAddress($0) }
        }

        /// Lets every lookup, and every later one, answer.
        func answer() {
            let continuations = waiting.withLock { state in
                state.answered = true
                defer { state.continuations = [] }
                return state.continuations
            }
            for continuation in continuations { continuation.resume() }
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

    @Test("a lookup that never answers ends at the attempt's timeout on the client's clock")
    func lookupTimeout() async throws {
        // The lookup would answer a public address, but only at the test's end: an error says the timeout came first.
        let resolver = HeldResolver(addresses: ["93.184.216.34"])
        defer { resolver.answer() }
        let clock = ManualWallClock()
        let client = EgressClient(resolver: resolver, clock: clock)
        let lookup = Task { try await client.checkedAddress(for: try EgressTarget(url: "https://slow.example.com/"), timeout: .seconds(10)) }
        try await Waiting.within(.seconds(60), "the lookup's timeout to wait on the clock") { await clock.sleepers(1, within: .seconds(10)) }
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1, "not timed out before its time")
        clock.advance(by: .seconds(1))
        do {
            let address = try await Waiting.within(.seconds(60), "the lookup to end at its timeout") { try await lookup.value }
            Issue.record("the lookup answered \(address) instead of timing out")
        } catch let error as HostResolutionError {
            #expect(error.reason.contains("no answer within"), "\(error)")
        }
    }

    @Test("a lookup that answers in time gives its address, and its timeout no longer waits")
    func lookupInTime() async throws {
        let resolver = HeldResolver(addresses: ["93.184.216.34"])
        let clock = ManualWallClock()
        let client = EgressClient(resolver: resolver, clock: clock)
        let lookup = Task { try await client.checkedAddress(for: try EgressTarget(url: "https://quick.example.com/"), timeout: .seconds(10)) }
        try await Waiting.within(.seconds(60), "the lookup's timeout to wait on the clock") { await clock.sleepers(1, within: .seconds(10)) }
        resolver.answer()
        #expect(try await Waiting.within(.seconds(60), "the lookup to answer") { try await lookup.value } == IPAddress("93.184.216.34"))
        #expect(clock.sleeperCount == 0, "the timeout's sleep was cancelled")
    }
}
