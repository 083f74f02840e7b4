import Foundation
import GlintQueue
import GlintServer
import GlintTestSupport
import Testing

/// The same behaviour from `SQLiteServerStore` and `PostgresServerStore`.
@Suite("server store: keys, blobs, callbacks, shares", .suiteTimeLimit)
struct ServerStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000.25)

    @Test("keys: insert, look up, list by tenant, revoke once", arguments: ServerStoreUnderTest.enabled)
    func keys(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            try await store.migrate()  // a second migration is a no-op
            let a = APIKeyRecord(id: "aaaaaaaaaaaa", tenant: "alice", name: "ci", hash: String(repeating: "1", count: 64), createdAt: Self.t0)
            let b = APIKeyRecord(
                id: "bbbbbbbbbbbb", tenant: "bob", name: nil, hash: String(repeating: "2", count: 64), createdAt: Self.t0.addingTimeInterval(1))
            try await store.insertKey(a)
            try await store.insertKey(b)
            await #expect(throws: (any Error).self) { try await store.insertKey(a) }
            #expect(try await store.key(id: "aaaaaaaaaaaa") == a)
            #expect(try await store.key(id: "cccccccccccc") == nil)
            #expect(try await store.keys(tenant: nil).map(\.id) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
            #expect(try await store.keys(tenant: "bob") == [b])
            let revoked = try await store.revokeKey(id: "aaaaaaaaaaaa", at: Self.t0.addingTimeInterval(10))
            #expect(revoked?.revokedAt == Self.t0.addingTimeInterval(10))
            let again = try await store.revokeKey(id: "aaaaaaaaaaaa", at: Self.t0.addingTimeInterval(20))
            #expect(again?.revokedAt == Self.t0.addingTimeInterval(10))
            #expect(try await store.revokeKey(id: "cccccccccccc", at: Self.t0) == nil)
            try await store.ping()
        }
    }

    @Test("a key's limits are stored with it and replaced by updateKeyLimits", arguments: ServerStoreUnderTest.enabled)
    func keyLimits(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let limits = KeyLimits(maxQueued: 100, maxRunning: 2, maxStorageBytes: 5 << 30, rate: 2.5, burst: 20, blobRetentionDays: 0.5)
            let key = APIKeyRecord(
                id: "dddddddddddd", tenant: "alice", name: nil, hash: String(repeating: "4", count: 64), createdAt: Self.t0, limits: limits)
            try await store.insertKey(key)
            #expect(try await store.key(id: key.id)?.limits == limits)
            let changed = KeyLimits(maxRunning: 1, rate: 10)
            #expect(try await store.updateKeyLimits(id: key.id, limits: changed)?.limits == changed)
            #expect(try await store.keys(tenant: "alice").map(\.limits) == [changed])
            #expect(try await store.updateKeyLimits(id: "eeeeeeeeeeee", limits: changed) == nil)
        }
    }

    @Test("claimBlobs records only the claims a tenant lacks, and leaves those it has as they are", arguments: ServerStoreUnderTest.enabled)
    func claimBlobs(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let held = BlobID(String(repeating: "ab", count: 32))!
            let new = BlobID(String(repeating: "cd", count: 32))!
            try await store.recordBlob(BlobOwnership(tenant: "alice", blob: held, size: 42, createdAt: Self.t0))
            try await store.claimBlobs([held: 42, new: 8], tenant: "alice", at: Self.t0.addingTimeInterval(5))
            try await store.claimBlobs([new: 8], tenant: "bob", at: Self.t0.addingTimeInterval(6))
            try await store.claimBlobs([:], tenant: "bob", at: Self.t0)
            #expect(try await store.blob(held, tenant: "alice") == BlobOwnership(tenant: "alice", blob: held, size: 42, createdAt: Self.t0))
            #expect(
                try await store.blob(new, tenant: "alice")
                    == BlobOwnership(tenant: "alice", blob: new, size: 8, createdAt: Self.t0.addingTimeInterval(5)))
            #expect(try await store.storedBytes(tenant: "alice") == 50)
            #expect(try await store.storedBytes(tenant: "bob") == 8)
        }
    }

    @Test("blob ownership is per tenant and idempotent", arguments: ServerStoreUnderTest.enabled)
    func blobs(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let blob = BlobID(String(repeating: "ab", count: 32))!
            try await store.recordBlob(BlobOwnership(tenant: "alice", blob: blob, size: 42, createdAt: Self.t0))
            try await store.recordBlob(BlobOwnership(tenant: "alice", blob: blob, size: 42, createdAt: Self.t0.addingTimeInterval(5)))
            // A second record is a use: the claim keeps its creation and moves its last use.
            #expect(
                try await store.blob(blob, tenant: "alice")
                    == BlobOwnership(tenant: "alice", blob: blob, size: 42, createdAt: Self.t0, lastUsedAt: Self.t0.addingTimeInterval(5)))
            #expect(try await store.blob(blob, tenant: "bob") == nil)
            // Stored bytes count each of the tenant's blobs once.
            try await store.recordBlob(BlobOwnership(tenant: "alice", blob: BlobID(String(repeating: "cd", count: 32))!, size: 8, createdAt: Self.t0))
            #expect(try await store.storedBytes(tenant: "alice") == 50)
            #expect(try await store.storedBytes(tenant: "bob") == 0)
        }
    }

    @Test("callbacks come due, record every attempt, and stop once delivered or given up", arguments: ServerStoreUnderTest.enabled)
    func callbacks(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let (one, two) = (JobID(), JobID())
            try await store.recordCallback(JobCallback(job: one, tenant: "alice", url: "http://127.0.0.1:9/a", createdAt: Self.t0, nextAttemptAt: Self.t0))
            try await store.recordCallback(
                JobCallback(job: two, tenant: "bob", url: "http://127.0.0.1:9/b", createdAt: Self.t0, nextAttemptAt: Self.t0.addingTimeInterval(60)))
            #expect(try await store.dueCallbacks(at: Self.t0, limit: 10).map(\.job) == [one])
            #expect(try await store.dueCallbacks(at: Self.t0.addingTimeInterval(60), limit: 10).map(\.job) == [one, two])

            let failed = WebhookDelivery(job: one, attempt: 1, at: Self.t0, statusCode: 500, error: nil, delivered: false)
            try await store.recordDelivery(failed, nextAttemptAt: Self.t0.addingTimeInterval(1))
            #expect(try await store.dueCallbacks(at: Self.t0, limit: 10).isEmpty)
            #expect(try await store.callback(job: one)?.attempts == 1)
            let delivered = WebhookDelivery(job: one, attempt: 2, at: Self.t0.addingTimeInterval(1), statusCode: nil, error: "refused", delivered: false)
            try await store.recordDelivery(delivered, nextAttemptAt: Self.t0.addingTimeInterval(5))
            let ok = WebhookDelivery(job: one, attempt: 3, at: Self.t0.addingTimeInterval(5), statusCode: 204, error: nil, delivered: true)
            try await store.recordDelivery(ok, nextAttemptAt: Self.t0.addingTimeInterval(100))
            #expect(try await store.deliveries(job: one) == [failed, delivered, ok])
            let callback = try #require(try await store.callback(job: one))
            #expect(callback.deliveredAt == Self.t0.addingTimeInterval(5))
            #expect(callback.nextAttemptAt == nil)
            #expect(try await store.dueCallbacks(at: Self.t0.addingTimeInterval(1000), limit: 10).map(\.job) == [two])
            try await store.scheduleCallback(job: two, nextAttemptAt: nil)
            #expect(try await store.dueCallbacks(at: Self.t0.addingTimeInterval(1000), limit: 10).isEmpty)
        }
    }

    @Test("a due callback is taken by one caller, and again once the taker's claim runs out", arguments: ServerStoreUnderTest.enabled)
    func callbackClaims(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let job = JobID()
            try await store.recordCallback(JobCallback(job: job, tenant: "alice", url: "http://127.0.0.1:9/a", createdAt: Self.t0, nextAttemptAt: Self.t0))
            #expect(try await store.claimCallback(job: job, at: Self.t0.addingTimeInterval(-1), until: Self.t0.addingTimeInterval(70)) == false)
            #expect(try await store.claimCallback(job: job, at: Self.t0, until: Self.t0.addingTimeInterval(70)))
            #expect(try await store.claimCallback(job: job, at: Self.t0, until: Self.t0.addingTimeInterval(70)) == false, "another API node")
            #expect(try await store.dueCallbacks(at: Self.t0.addingTimeInterval(69), limit: 10).isEmpty)
            // The node that took it died mid-attempt: once the claim runs out, another takes it.
            #expect(try await store.claimCallback(job: job, at: Self.t0.addingTimeInterval(70), until: Self.t0.addingTimeInterval(140)))
            try await store.scheduleCallback(job: job, nextAttemptAt: nil)
            #expect(try await store.claimCallback(job: job, at: Self.t0.addingTimeInterval(1000), until: Self.t0.addingTimeInterval(1070)) == false)
            #expect(try await store.claimCallback(job: JobID(), at: Self.t0, until: Self.t0.addingTimeInterval(70)) == false)
        }
    }

    @Test("shares are revoked only by their tenant, and once", arguments: ServerStoreUnderTest.enabled)
    func shares(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let share = ShareRecord(
                id: String(repeating: "5", count: 32), tenant: "alice", job: JobID(), createdAt: Self.t0,
                expiresAt: Self.t0.addingTimeInterval(3600))
            try await store.insertShare(share)
            #expect(try await store.share(id: share.id) == share)
            #expect(try await store.revokeShare(id: share.id, tenant: "bob", at: Self.t0) == nil)
            #expect(try await store.share(id: share.id)?.revokedAt == nil)
            #expect(try await store.revokeShare(id: share.id, tenant: "alice", at: Self.t0.addingTimeInterval(1))?.revokedAt == Self.t0.addingTimeInterval(1))
            #expect(try await store.revokeShare(id: share.id, tenant: "alice", at: Self.t0.addingTimeInterval(2))?.revokedAt == Self.t0.addingTimeInterval(1))
        }
    }

    @Test("a share keeps the location only when made to (keepLocation), and says so when read back", arguments: ServerStoreUnderTest.enabled)
    func shareKeepsLocation(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let (plain, kept) = (
                ShareRecord(
                    id: String(repeating: "3", count: 32), tenant: "alice", job: JobID(), createdAt: Self.t0, expiresAt: Self.t0.addingTimeInterval(3600)),
                ShareRecord(
                    id: String(repeating: "4", count: 32), tenant: "alice", job: JobID(), createdAt: Self.t0, expiresAt: Self.t0.addingTimeInterval(3600),
                    keepLocation: true)
            )
            #expect(plain.keepLocation == false, "off unless asked")
            for record in [plain, kept] { try await store.insertShare(record) }
            #expect(try await store.share(id: plain.id)?.keepLocation == false)
            #expect(try await store.share(id: kept.id)?.keepLocation == true)
            #expect(try await store.liveShares(tenant: "alice", at: Self.t0).sorted { $0.id < $1.id } == [plain, kept])
            #expect(try await store.revokeShare(id: kept.id, tenant: "alice", at: Self.t0)?.keepLocation == true)
        }
    }

    @Test("blob retention: uses move a claim's last use, only claims unused since a date are taken away", arguments: ServerStoreUnderTest.enabled)
    func blobRetention(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let (a, b, c) = (
                BlobID(String(repeating: "a1", count: 32))!, BlobID(String(repeating: "b2", count: 32))!, BlobID(String(repeating: "c3", count: 32))!
            )
            try await store.recordBlob(BlobOwnership(tenant: "alice", blob: a, size: 10, createdAt: Self.t0))
            try await store.recordBlob(BlobOwnership(tenant: "alice", blob: b, size: 20, createdAt: Self.t0.addingTimeInterval(1)))
            try await store.recordBlob(BlobOwnership(tenant: "bob", blob: a, size: 10, createdAt: Self.t0.addingTimeInterval(2)))
            #expect(try await store.blobTenants() == ["alice", "bob"])
            #expect(try await store.ownedBlobs() == [a, b])
            #expect(try await store.useBlobs([b, c], tenant: "alice", at: Self.t0.addingTimeInterval(100)) == [b], "c is not alice's")
            #expect(try await store.useBlobs([b], tenant: "alice", at: Self.t0.addingTimeInterval(50)) == [b], "an earlier use moves nothing back")
            #expect(try await store.blob(b, tenant: "alice")?.lastUsedAt == Self.t0.addingTimeInterval(100))
            let unused = try await store.blobs(tenant: "alice", unusedSince: Self.t0.addingTimeInterval(60), limit: 10)
            #expect(unused.map(\.blob) == [a])
            #expect(try await store.removeBlob(b, tenant: "alice", unusedSince: Self.t0.addingTimeInterval(60)) == false, "used since")
            #expect(try await store.removeBlob(a, tenant: "alice", unusedSince: Self.t0.addingTimeInterval(60)))
            #expect(try await store.removeBlob(a, tenant: "alice", unusedSince: Self.t0.addingTimeInterval(60)) == false, "once")
            #expect(try await store.storedBytes(tenant: "alice") == 20)
            #expect(try await store.ownedBlobs() == [a, b], "bob still claims a")
        }
    }

    @Test("live shares are neither revoked nor expired", arguments: ServerStoreUnderTest.enabled)
    func liveShares(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            func share(_ digit: Character, tenant: String = "alice", expires: TimeInterval) -> ShareRecord {
                ShareRecord(
                    id: String(repeating: digit, count: 32), tenant: tenant, job: JobID(), createdAt: Self.t0, expiresAt: Self.t0.addingTimeInterval(expires))
            }
            let (live, expired, revoked, bobs) = (
                share("6", expires: 3600), share("7", expires: 10), share("8", expires: 3600), share("9", tenant: "bob", expires: 3600)
            )
            for record in [live, expired, revoked, bobs] { try await store.insertShare(record) }
            _ = try await store.revokeShare(id: revoked.id, tenant: "alice", at: Self.t0)
            #expect(try await store.liveShares(tenant: "alice", at: Self.t0.addingTimeInterval(60)) == [live])
        }
    }
}
