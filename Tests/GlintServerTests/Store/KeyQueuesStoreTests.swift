import Foundation
import GlintQueue
import GlintServer
import GlintTestSupport
import Testing

/// A key's queues (`glint keys create|update --queues`) are kept by both server stores.
@Suite("server store: key queues", .suiteTimeLimit)
struct KeyQueuesStoreTests {
    @Test("a key's queues are stored with it, replaced by updateKeyLimits and left out as nil", arguments: ServerStoreUnderTest.enabled)
    func queues(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let limits = KeyLimits(maxQueued: 3, queues: ["default", "gpu"])
            let key = APIKeyRecord(
                id: "qqqqqqqqqqqq", tenant: "alice", name: nil, hash: String(repeating: "7", count: 64), createdAt: Date(timeIntervalSince1970: 1e9),
                limits: limits)
            try await store.insertKey(key)
            #expect(try await store.key(id: key.id)?.limits == limits)
            #expect(try await store.key(id: key.id)?.limits.allowedQueues == ["default", "gpu"])
            let changed = KeyLimits(queues: ["batch, with a comma"])
            #expect(try await store.updateKeyLimits(id: key.id, limits: changed)?.limits == changed)
            let cleared = try await store.updateKeyLimits(id: key.id, limits: changed.removing(.queues))
            #expect(cleared?.limits.queues == nil)
            #expect(cleared?.limits.allowedQueues == KeyLimits.defaultQueues)
        }
    }

    @Test("a key's own queues win over the server's default; neither is default alone")
    func defaults() {
        #expect(KeyLimits().over(KeyLimits()).allowedQueues == ["default"])
        #expect(KeyLimits().over(KeyLimits(queues: ["default", "bulk"])).allowedQueues == ["default", "bulk"])
        #expect(KeyLimits(queues: ["gpu"]).over(KeyLimits(queues: ["default", "bulk"])).allowedQueues == ["gpu"])
    }
}
