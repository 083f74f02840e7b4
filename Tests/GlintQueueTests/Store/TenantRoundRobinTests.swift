import GlintTestSupport
import Testing

@testable import GlintQueue

@Suite("TenantRoundRobin", .suiteTimeLimit)
struct TenantRoundRobinTests {
    private typealias RoundRobin = TenantRoundRobin<String>

    @Test func takesOneFromEveryTenantPerRoundOldestTenantFirst() {
        let order = RoundRobin(tenants: [
            .init(name: "b", lastTurn: -1, oldest: 20, candidates: ["b1", "b2", "b3"]),
            .init(name: "a", lastTurn: -1, oldest: 10, candidates: ["a1", "a2", "a3", "a4"]),
            .init(name: "c", lastTurn: -1, oldest: 30, candidates: ["c1"]),
        ]).interleave(limit: 7)
        #expect(order == ["a1", "b1", "c1", "a2", "b2", "a3", "b3"])
    }

    @Test func aClaimSmallerThanTheTenantsGoesToTheLongestWaiting() {
        let roundRobin = RoundRobin(tenants: [
            .init(name: "late", lastTurn: -1, oldest: 50, candidates: ["l1"]),
            .init(name: "early", lastTurn: -1, oldest: 5, candidates: ["e1", "e2"]),
            .init(name: "tie-b", lastTurn: -1, oldest: 20, candidates: ["tb1"]),
            .init(name: "tie-a", lastTurn: -1, oldest: 20, candidates: ["ta1"]),
        ])
        #expect(roundRobin.interleave(limit: 3) == ["e1", "ta1", "tb1"])
        #expect(roundRobin.interleave(limit: 100) == ["e1", "ta1", "tb1", "l1", "e2"])
        #expect(RoundRobin(tenants: []).interleave(limit: 10).isEmpty)
    }

    @Test func tenantsServedLongestAgoGoFirst() {
        let roundRobin = RoundRobin(tenants: [
            .init(name: "backlog", lastTurn: 7, oldest: 1, candidates: ["b1", "b2"]),
            .init(name: "waited", lastTurn: 3, oldest: 90, candidates: ["w1"]),
            .init(name: "new", lastTurn: -1, oldest: 100, candidates: ["n1", "n2"]),
        ])
        #expect(roundRobin.interleave(limit: 1) == ["n1"])
        #expect(roundRobin.interleave(limit: 2) == ["n1", "w1"])
        #expect(roundRobin.interleaveByTenant(limit: 4).map(\.tenant) == ["new", "waited", "backlog", "new"])
    }
}
