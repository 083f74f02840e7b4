import Foundation
import GlintQueue
import GlintServer
import GlintTestSupport
import Testing

/// The webhook records of `SQLiteServerStore` and `PostgresServerStore` alike: sealed secrets per
/// key, the submitting key kept with each callback, and due callbacks taken in turns across tenants.
@Suite("server store: webhook secrets and fair callbacks", .suiteTimeLimit)
struct WebhookStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000.25)

    @Test("a key's sealed webhook secrets are stored, replaced and read back", arguments: ServerStoreUnderTest.enabled)
    func secrets(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            #expect(try await store.webhookSecret(key: "aaaaaaaaaaaa") == nil)
            let first = WebhookSecretRecord(key: "aaaaaaaaaaaa", sealed: "sealed-1")
            try await store.saveWebhookSecret(first)
            #expect(try await store.webhookSecret(key: "aaaaaaaaaaaa") == first)
            let rotated = WebhookSecretRecord(key: "aaaaaaaaaaaa", sealed: "sealed-2", previousSealed: "sealed-1", previousValidUntil: Self.t0)
            try await store.saveWebhookSecret(rotated)
            #expect(try await store.webhookSecret(key: "aaaaaaaaaaaa") == rotated)
            #expect(try await store.webhookSecret(key: "bbbbbbbbbbbb") == nil)
        }
    }

    @Test("a callback keeps the key that submitted its job", arguments: ServerStoreUnderTest.enabled)
    func callbackKey(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let (signed, old) = (JobID(), JobID())
            try await store.recordCallback(
                JobCallback(job: signed, tenant: "alice", url: "https://x/", createdAt: Self.t0, nextAttemptAt: Self.t0, key: "aaaaaaaaaaaa"))
            try await store.recordCallback(JobCallback(job: old, tenant: "alice", url: "https://x/", createdAt: Self.t0, nextAttemptAt: Self.t0))
            #expect(try await store.callback(job: signed)?.key == "aaaaaaaaaaaa")
            #expect(try await store.callback(job: old)?.key == nil)
            #expect(Set(try await store.dueCallbacks(at: Self.t0, limit: 10).map(\.key)) == ["aaaaaaaaaaaa", nil])
        }
    }

    @Test("due callbacks are taken in turns across tenants: one tenant's backlog cannot hide another's", arguments: ServerStoreUnderTest.enabled)
    func fairness(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            var alice: [JobID] = []
            for index in 0..<5 {
                let job = JobID()
                alice.append(job)
                try await store.recordCallback(
                    JobCallback(job: job, tenant: "alice", url: "https://a/", createdAt: Self.t0, nextAttemptAt: Self.t0.addingTimeInterval(Double(index))))
            }
            let bob = JobID()
            try await store.recordCallback(
                JobCallback(job: bob, tenant: "bob", url: "https://b/", createdAt: Self.t0, nextAttemptAt: Self.t0.addingTimeInterval(30)))
            let now = Self.t0.addingTimeInterval(60)
            #expect(try await store.dueCallbacks(at: now, limit: 2).map(\.job) == [alice[0], bob])
            #expect(try await store.dueCallbacks(at: now, limit: 10).map(\.job) == [alice[0], bob] + alice.dropFirst())
        }
    }
}
