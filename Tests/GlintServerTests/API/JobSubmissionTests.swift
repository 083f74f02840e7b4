import Foundation
import GlintQueue
import GlintTestSupport
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GlintServer

/// `POST /v1/jobs`, `POST /v1/batches`, `GET /v1/jobs`, `DELETE /v1/jobs/{id}` and their problems.
@Suite("server: job submission", .suiteTimeLimit)
struct JobSubmissionTests {
    @Test("a job is 202 with Location and its document; the same Idempotency-Key gives 200 and the same job")
    func submitAndIdempotency() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let body = #"{"kind": "queue.noop", "params": {"output": "hi"}, "priority": 5, "maxAttempts": 3}"#
                let first = try await client.call(.post, "/v1/jobs", key: harness.alice, body: body, headers: [HTTPField.Name("Idempotency-Key")!: "k1"])
                #expect(first.status == .accepted)
                let document = try first.json()
                let id = try #require(document["id"] as? String)
                #expect(first.headers[.location] == "/v1/jobs/\(id)")
                #expect(document["kind"] as? String == "queue.noop")
                #expect(document["state"] as? String == "available")
                #expect(document["priority"] as? Int == 5)
                #expect(document["maxAttempts"] as? Int == 3)
                #expect(document["progress"] is NSNull)
                #expect(document["completedAt"] is NSNull)
                #expect(document.keys.contains("batch"))
                let again = try await client.call(.post, "/v1/jobs", key: harness.alice, body: body, headers: [HTTPField.Name("Idempotency-Key")!: "k1"])
                #expect(again.status == .ok)
                #expect(try again.json()["id"] as? String == id)
                // Keys are per tenant.
                let other = try await client.call(.post, "/v1/jobs", key: harness.bob, body: body, headers: [HTTPField.Name("Idempotency-Key")!: "k1"])
                #expect(other.status == .accepted)
                #expect(try other.json()["id"] as? String != id)
            }
        }
    }

    @Test("bad JSON, unknown kinds, bad parameters and unowned inputs are problems naming what is wrong")
    func badInput() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let notJSON = try await client.call(.post, "/v1/jobs", key: harness.alice, body: #"{"kind": "queue.noop""#)
                #expect(notJSON.status == .badRequest)
                #expect(notJSON.problemSlug == "invalid-json")

                let unknown = try await client.call(.post, "/v1/jobs", key: harness.alice, body: #"{"kind": "video.teleport"}"#)
                #expect(unknown.status == .unprocessableContent)
                #expect(unknown.problemSlug == "unknown-kind")
                let detail = try unknown.json()["detail"] as? String ?? ""
                #expect(detail.contains("video.teleport") && detail.contains("livephoto.edit") && detail.contains("rings.render"))

                let badParameters = try await client.call(
                    .post, "/v1/jobs", key: harness.alice, body: #"{"kind": "queue.noop", "params": {"sleepMilliseconds": -1}}"#)
                #expect(badParameters.problemSlug == "invalid-parameters")
                #expect((try badParameters.json()["detail"] as? String ?? "").contains("sleepMilliseconds"))

                let unknownKey = try await client.call(.post, "/v1/jobs", key: harness.alice, body: #"{"kind": "queue.noop", "colour": 1}"#)
                #expect(unknownKey.problemSlug == "invalid-parameters")

                let missingInput = try await client.call(.post, "/v1/jobs", key: harness.alice, body: #"{"kind": "livephoto.edit", "params": {"recipe": {}}}"#)
                #expect(missingInput.problemSlug == "invalid-parameters")
                #expect((try missingInput.json()["detail"] as? String ?? "").contains("still"))

                // Bob's blob is not Alice's input.
                let bobs = try await client.uploadID(Array("bob's bytes".utf8), key: harness.bob)
                let stolen = try await client.call(
                    .post, "/v1/jobs", key: harness.alice,
                    body: #"{"kind": "livephoto.edit", "params": {"recipe": {}}, "inputs": {"still": "\#(bobs)", "movie": "\#(bobs)"}}"#)
                #expect(stolen.problemSlug == "invalid-parameters")
                #expect((try stolen.json()["detail"] as? String ?? "").contains(bobs))

                let priority = try await client.call(.post, "/v1/jobs", key: harness.alice, body: #"{"kind": "queue.noop", "priority": 5000}"#)
                #expect(priority.problemSlug == "invalid-parameters")
                let callback = try await client.call(.post, "/v1/jobs", key: harness.alice, body: #"{"kind": "queue.noop", "callbackURL": "ftp://x"}"#)
                #expect(callback.problemSlug == "invalid-parameters")
                let page = try await client.call(.get, "/v1/jobs", key: harness.alice)
                #expect((try page.json()["jobs"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test("a batch queues its jobs under one id; the listing filters by batch, state and kind and pages with a cursor")
    func batchAndListing() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let jobs = (0..<5).map { _ in #"{"kind": "queue.noop"}"# }.joined(separator: ",")
                let response = try await client.call(.post, "/v1/batches", key: harness.alice, body: #"{"jobs": [\#(jobs)]}"#)
                #expect(response.status == .accepted)
                let batch = try #require(try response.json()["batch"] as? String)
                #expect((try response.json()["jobs"] as? [[String: Any]])?.allSatisfy { $0["batch"] as? String == batch } == true)
                _ = try await client.submit(#"{"kind": "queue.noop", "queue": "other"}"#, key: harness.alice)

                var seen: [String] = []
                var cursor: String?
                repeat {
                    let uri =
                        "/v1/jobs?batch=\(batch)&limit=2"
                        + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? "")
                    let page = try await client.call(.get, uri, key: harness.alice).json()
                    seen += (page["jobs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                    cursor = page["nextCursor"] as? String
                } while cursor != nil
                #expect(seen.count == 5)
                #expect(Set(seen).count == 5)
                let all = try await client.call(.get, "/v1/jobs?state=available&kind=queue.noop", key: harness.alice).json()
                #expect((all["jobs"] as? [Any])?.count == 6)
                #expect((try await client.call(.get, "/v1/jobs?state=running", key: harness.alice).json()["jobs"] as? [Any])?.isEmpty == true)
                #expect(try await client.call(.get, "/v1/jobs?state=flying", key: harness.alice).problemSlug == "invalid-parameters")
                #expect(try await client.call(.get, "/v1/jobs?limit=0", key: harness.alice).problemSlug == "invalid-parameters")
                #expect((try await client.call(.get, "/v1/jobs", key: harness.bob).json()["jobs"] as? [Any])?.isEmpty == true)
                let badBatch = try await client.call(.post, "/v1/batches", key: harness.alice, body: #"{"jobs": [{"kind": "queue.noop"}, {"kind": "nope"}]}"#)
                #expect(badBatch.problemSlug == "unknown-kind")
                #expect((try badBatch.json()["detail"] as? String ?? "").hasPrefix("jobs[1]"))
            }
        }
    }

    @Test("DELETE cancels a queued job and returns its document")
    func cancel() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let id = try await client.submit(#"{"kind": "queue.noop"}"#, key: harness.alice)["id"] as! String
                let response = try await client.call(.delete, "/v1/jobs/\(id)", key: harness.alice)
                #expect(response.status == .ok)
                #expect(try response.json()["state"] as? String == "cancelled")
                #expect(try response.json()["cancelledAt"] as? String != nil)
            }
        }
    }

    @Test("retry queues a cancelled job again (202), and a queued one is a 409 conflict")
    func retry() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let id = try await client.submit(#"{"kind": "queue.noop"}"#, key: harness.alice)["id"] as! String
                let early = try await client.call(.post, "/v1/jobs/\(id)/retry", key: harness.alice)
                #expect(early.status == .conflict)
                #expect(early.problemSlug == "conflict")
                #expect(try await client.call(.delete, "/v1/jobs/\(id)", key: harness.alice).status == .ok)
                let retried = try await client.call(.post, "/v1/jobs/\(id)/retry", key: harness.alice)
                #expect(retried.status == .accepted)
                #expect(retried.headers[.location] == "/v1/jobs/\(id)")
                #expect(try retried.json()["state"] as? String == "available")
                let unknown = try await client.call(.post, "/v1/jobs/0190a0a0-0000-7000-8000-000000000000/retry", key: harness.alice)
                #expect(unknown.status == .notFound)
            }
        }
    }
}
