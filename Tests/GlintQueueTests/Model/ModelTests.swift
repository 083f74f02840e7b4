import Foundation
import GlintTestSupport
import Testing

@testable import GlintQueue

@Suite("Queue model", .suiteTimeLimit)
struct ModelTests {
    @Test func blobIDsAcceptOnlySHA256Hex() {
        let hex = String(repeating: "aB", count: 32)
        #expect(BlobID(hex)?.hex == hex.lowercased())
        #expect(BlobID("../../etc/passwd") == nil)
        #expect(BlobID(String(repeating: "a", count: 63)) == nil)
        #expect(BlobID(String(repeating: "g", count: 64)) == nil)
    }

    @Test func jobIDsRoundTripThroughJSON() throws {
        let id = JobID()
        let decoded = try JSONDecoder().decode([JobID].self, from: JSONEncoder().encode([id]))
        #expect(decoded == [id])
        #expect(JobID("not-a-uuid") == nil)
    }

    @Test func backoffGrowsAsAttemptToTheFourthWithinTenPercent() {
        let policy = RetryPolicy.default
        var random = SystemRandomNumberGenerator()
        for attempt in 1...6 {
            let nominal = pow(Double(attempt), 4)
            #expect(policy.nominalDelay(afterAttempt: attempt) == nominal)
            for _ in 0..<50 {
                let delay = policy.delay(afterAttempt: attempt, using: &random)
                #expect(delay >= nominal * 0.9 && delay <= nominal * 1.1)
            }
        }
        #expect(policy.nominalDelay(afterAttempt: 1000) == policy.maximumSeconds)
    }

    @Test func submissionsAreValidatedBeforeAnyStoreSeesThem() {
        #expect(throws: JobQueueError.self) { try JobSubmission(kind: "rings.render", parameters: Data("[1]".utf8)).validate() }
        #expect(throws: JobQueueError.self) { try JobSubmission(kind: "rings.render", parameters: Data("{".utf8)).validate() }
        #expect(throws: JobQueueError.self) { try JobSubmission(kind: "rings.render", priority: 5000).validate() }
        #expect(throws: JobQueueError.self) { try JobSubmission(kind: "", parameters: Data("{}".utf8)).validate() }
        #expect(throws: JobQueueError.self) { try JobSubmission(kind: "rings.render", maxAttempts: 0).validate() }
        #expect(throws: Never.self) { try JobSubmission(kind: "rings.render", parameters: Data(#"{"move":0.5}"#.utf8)).validate() }
    }

    @Test func storeLocationsParseAndHidePasswords() throws {
        #expect(try JobStoreLocation(parsing: "sqlite:/tmp/q.sqlite") == .sqlite(path: "/tmp/q.sqlite"))
        let pg = try JobStoreLocation(parsing: "postgres://glint:secret@127.0.0.1:5432/glint")
        #expect(!pg.description.contains("secret"))
        #expect(throws: JobQueueError.self) { try JobStoreLocation(parsing: "mysql://x") }
        #expect(throws: JobQueueError.self) { try JobStoreLocation(parsing: "sqlite:") }
    }
}
