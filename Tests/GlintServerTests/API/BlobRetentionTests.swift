import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Testing

@testable import GlintServer

/// `BlobRetention`: a tenant's claims unused past its retention go, with their bytes, and files
/// nobody claims or names go after them; what an unfinished job (running included) or a live share
/// needs stays, and a use starts retention again. The server (its stores, and the blob files'
/// times) goes by a manual clock the tests move by days.
@Suite("server: blob retention", .suiteTimeLimit)
struct BlobRetentionTests {
    /// Puts `data` at the server's time: the file's modification time, which retention compares
    /// with its clock, is the clock's.
    static func put(_ data: Data, in server: ServerContext) async throws -> BlobID {
        let blob = try await server.blobs.put(data)
        try FileManager.default.setAttributes([.modificationDate: server.clock.now()], ofItemAtPath: server.blobs.url(for: blob).path)
        return blob
    }

    /// Puts 1,000 bytes of `byte` and records the tenant's claim on them at the server's time.
    static func store(_ byte: UInt8, tenant: String, in server: ServerContext) async throws -> BlobID {
        let blob = try await put(Data(repeating: byte, count: 1000), in: server)
        try await server.store.recordBlob(BlobOwnership(tenant: tenant, blob: blob, size: 1000, createdAt: server.clock.now()))
        return blob
    }

    /// A job of carol's that ran on `input` and made `output`, completed.
    static func completedJob(input: BlobID, output: BlobID, in server: ServerContext) async throws -> Job {
        let submitted = try await server.jobs.submit([JobSubmission(kind: "queue.noop", inputs: ["still": input], queue: "shown", tenant: "carol")])
        let claimed = try #require(try await server.jobs.claim(ClaimRequest(worker: "w", queues: ["shown"], limit: 1)).first)
        #expect(claimed.id == submitted[0].job.id)
        _ = try await server.jobs.complete([JobCompletion(id: claimed.id, worker: "w", outputs: ["still": output])])
        return try #require(try await server.jobs.job(claimed.id, tenant: "carol"))
    }

    @Test("claims past a tenant's retention go with their bytes and unnamed files; a running job's inputs and a live share's blobs stay")
    func retention() async throws {
        let clock = ManualWallClock()
        try await ServerHarness.with(clock: clock) { harness in
            _ = try await ServerHarness.makeKey(harness.server.store, tenant: "carol", limits: KeyLimits(blobRetentionDays: 1))
            let server = harness.server
            let retention = BlobRetention(server: server, logger: ServerHarness.quietLogger)
            let unused = try await Self.store(1, tenant: "carol", in: server)
            let input = try await Self.store(2, tenant: "carol", in: server)
            let shownInput = try await Self.store(3, tenant: "carol", in: server)
            let reused = try await Self.store(4, tenant: "carol", in: server)
            let bobs = try await Self.store(5, tenant: "bob", in: server)  // bob's key sets no retention, nor does the server
            // A running job reads `input`; a live share shows a job that took `shownInput` and made `output`.
            _ = try await server.jobs.submit([JobSubmission(kind: "queue.noop", inputs: ["still": input], queue: "parked", tenant: "carol")])
            let running = try #require(try await server.jobs.claim(ClaimRequest(worker: "w", queues: ["parked"], limit: 1)).first)
            let output = try await Self.put(Data(repeating: 6, count: 500), in: server)
            let shown = try await Self.completedJob(input: shownInput, output: output, in: server)
            try await server.recordOutputs(of: shown)
            let share = ShareRecord(
                id: String(repeating: "a", count: 32), tenant: "carol", job: shown.id, createdAt: clock.now(),
                expiresAt: clock.now().addingTimeInterval(30 * 86400)
            )
            try await server.store.insertShare(share)
            #expect(try await server.store.storedBytes(tenant: "carol") == 4500)

            clock.advance(by: 0.9 * 86400)
            #expect(try await server.store.useBlobs([reused], tenant: "carol", at: clock.now()) == [reused])
            #expect(try await retention.sweep() == BlobRetention.Report(), "nothing is a day unused yet")

            clock.advance(by: 0.2 * 86400)
            let first = try await retention.sweep()
            #expect(first.removedClaims == 1 && first.removedBytes == 1000 && first.keptInUse == 3, "\(first)")
            #expect(first.removedFiles == 1 && first.removedFileBytes == 1000, "\(first)")
            #expect(try await server.store.storedBytes(tenant: "carol") == 3500)
            #expect(!server.blobs.contains(unused))
            for blob in [input, shownInput, output, reused, bobs] { #expect(server.blobs.contains(blob)) }

            // The job ends and the share is revoked: their claims go too, but a job still in the
            // store names its blobs, so their files stay until the job is pruned.
            _ = try await server.jobs.complete([JobCompletion(id: running.id, worker: "w", outputs: [:])])
            _ = try await server.store.revokeShare(id: share.id, tenant: "carol", at: clock.now())
            clock.advance(by: 1 * 86400)
            let second = try await retention.sweep()
            #expect(second.removedClaims == 4 && second.keptInUse == 0, "\(second)")
            #expect(second.removedFiles == 1 && !server.blobs.contains(reused), "\(second)")
            #expect(try await server.store.storedBytes(tenant: "carol") == 0)
            #expect(try await server.store.storedBytes(tenant: "bob") == 1000)
            for blob in [input, shownInput, output] { #expect(server.blobs.contains(blob)) }

            #expect(try await server.jobs.prune(finishedBefore: clock.now().addingTimeInterval(60)) == 2)
            let third = try await retention.sweep()
            #expect(third.removedFiles == 3, "\(third)")
            #expect(harness.storedBlobFiles().count == 1, "bob's blob is all that is left")
            #expect(harness.temporaryBlobFiles().isEmpty)
        }
    }

    @Test("what a live share's renditions job made (the copies without location it serves) stays as long as the share")
    func liveShareRenditions() async throws {
        let clock = ManualWallClock()
        try await ServerHarness.with(clock: clock) { harness in
            _ = try await ServerHarness.makeKey(harness.server.store, tenant: "carol", limits: KeyLimits(blobRetentionDays: 1))
            let server = harness.server
            let retention = BlobRetention(server: server, logger: ServerHarness.quietLogger)
            let shown = try await Self.completedJob(
                input: try await Self.store(1, tenant: "carol", in: server), output: try await Self.store(2, tenant: "carol", in: server), in: server)
            let copy = try await Self.store(3, tenant: "carol", in: server)
            _ = try await server.jobs.submit([
                JobSubmission(kind: "queue.noop", queue: "renditions", tenant: "carol", idempotencyKey: ServerContext.renditionsKey(of: shown.id))
            ])
            let renditions = try #require(try await server.jobs.claim(ClaimRequest(worker: "w", queues: ["renditions"], limit: 1)).first)
            _ = try await server.jobs.complete([JobCompletion(id: renditions.id, worker: "w", outputs: ["still": copy])])
            let share = ShareRecord(
                id: String(repeating: "b", count: 32), tenant: "carol", job: shown.id, createdAt: clock.now(),
                expiresAt: clock.now().addingTimeInterval(30 * 86400)
            )
            try await server.store.insertShare(share)

            clock.advance(by: 1.1 * 86400)
            let report = try await retention.sweep()
            #expect(report.removedClaims == 0 && report.keptInUse == 3, "\(report)")
            #expect(server.blobs.contains(copy))
        }
    }

    @Test("the tenant's retention is the longest of its live keys', a key without one taking the server's default")
    func retentionOfATenant() async throws {
        try await ServerHarness.with(defaultLimits: KeyLimits(blobRetentionDays: 7)) { harness in
            let store = harness.server.store
            _ = try await ServerHarness.makeKey(store, tenant: "carol", limits: KeyLimits(blobRetentionDays: 2))
            _ = try await ServerHarness.makeKey(store, tenant: "dave", limits: KeyLimits(blobRetentionDays: 30))
            _ = try await ServerHarness.makeKey(store, tenant: "dave", limits: KeyLimits(blobRetentionDays: 3))
            let retention = BlobRetention(server: harness.server, logger: ServerHarness.quietLogger)
            let keys = try await store.keys(tenant: nil)
            #expect(retention.retentionDays(of: "carol", keys: keys) == 2)
            #expect(retention.retentionDays(of: "dave", keys: keys) == 30)
            #expect(retention.retentionDays(of: "alice", keys: keys) == 7, "alice's key has none: the server's default")
            #expect(retention.retentionDays(of: "nobody", keys: keys) == 7)
        }
    }
}
