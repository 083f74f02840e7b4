import Foundation
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import Testing

@testable import GlintServer

/// A tenant never reaches another tenant's blobs, jobs, outputs or shares: every endpoint, tried
/// with the other tenant's ids, answers 404 (never 403, so that existence is not revealed), and
/// nothing is changed.
@Suite("server: tenant isolation", .suiteTimeLimit)
struct TenantIsolationTests {
    @Test("every endpoint with another tenant's ids is 404 and changes nothing")
    func everyEndpoint() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve(workers: 1) { client in
                let blob = try await client.uploadID(Array("alice's input".utf8), key: harness.alice)
                let done = try await client.submit(#"{"kind": "queue.noop", "params": {"output": "alice's output"}}"#, key: harness.alice)["id"] as! String
                let finished = try await client.waitUntilFinished(done, key: harness.alice)
                #expect(finished["state"] as? String == "completed")
                let share = try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(done)"}"#).json()["id"] as! String

                let bob = harness.bob
                var responses: [(String, TestResponse)] = []
                responses.append(("HEAD blob", try await client.call(.head, "/v1/blobs/\(blob)", key: bob)))
                responses.append(("GET job", try await client.call(.get, "/v1/jobs/\(done)", key: bob)))
                responses.append(("DELETE job", try await client.call(.delete, "/v1/jobs/\(done)", key: bob)))
                responses.append(("POST retry", try await client.call(.post, "/v1/jobs/\(done)/retry", key: bob)))
                responses.append(("GET events", try await client.call(.get, "/v1/jobs/\(done)/events", key: bob)))
                responses.append(("GET output", try await client.call(.get, "/v1/jobs/\(done)/outputs/output", key: bob)))
                responses.append(("POST share", try await client.call(.post, "/v1/shares", key: bob, body: #"{"job": "\#(done)"}"#)))
                responses.append(("DELETE share", try await client.call(.delete, "/v1/shares/\(share)", key: bob)))
                for (name, response) in responses {
                    #expect(response.status == .notFound, "\(name): \(response.status)")
                }
                for (name, response) in responses where name != "HEAD blob" {
                    #expect(response.problemSlug == "not-found", "\(name)")
                }
                // Inputs: Bob cannot name Alice's blob, nor list her jobs.
                let submit = try await client.call(.post, "/v1/jobs", key: bob, body: #"{"kind": "queue.noop", "inputs": {"x": "\#(blob)"}}"#)
                #expect(submit.problemSlug == "invalid-parameters")
                let list = try await client.call(.get, "/v1/jobs", key: bob).json()
                #expect((list["jobs"] as? [Any])?.isEmpty == true)
                // Nothing changed for Alice.
                #expect(try await client.call(.get, "/v1/jobs/\(done)", key: harness.alice).json()["state"] as? String == "completed")
                #expect(try await client.call(.get, "/v1/jobs/\(done)/outputs/output", key: harness.alice).status == .ok)
                #expect(try await harness.server.store.share(id: share)?.revokedAt == nil)
                // Her completed job's outputs are hers to use as inputs.
                let output = try #require((finished["outputs"] as? [String: [String: Any]])?["output"]?["blob"] as? String)
                #expect(try await client.call(.head, "/v1/blobs/\(output)", key: harness.alice).status == .ok)
                #expect(try await client.call(.head, "/v1/blobs/\(output)", key: bob).status == .notFound)
            }
        }
    }
}
