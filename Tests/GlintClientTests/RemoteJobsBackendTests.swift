import AsyncHTTPClient
import Foundation
import GlintClient
import GlintCore
import GlintQueue
import GlintTestSupport
import NIOFoundationCompat
import Testing

/// ``RemoteJobsBackend`` against a real Glint server on loopback: uploads, jobs, downloads, and
/// the server's refusals as typed errors.
@Suite("Remote jobs backend", .suiteTimeLimit)
struct RemoteJobsBackendTests {
    @Test("upload (HEAD finds it), submit, list, show, wait, download atomically, retry")
    func roundTrip() async throws {
        try await TestServer.serve(workers: 1) { server, url in
            let backend = RemoteJobsBackend(server: url, apiKey: server.alice)
            let input = try writeFile("the input", named: "input.txt", in: server.directory)
            let blob = try await backend.upload(input)
            #expect(blob.count == 64)
            #expect(try await backend.hasBlob(blob))
            #expect(try await !backend.hasBlob(String(repeating: "0", count: 64)))

            let request = JobsSubmitRequest(kind: .queueNoop, parameters: noopParameters(output: "hello"), inputs: ["data": input])
            let (created, submitted) = try await backend.submit(request)
            #expect(created)
            #expect(submitted.kind == "queue.noop")
            #expect(submitted.inputs["data"]?.blob == blob)
            #expect(submitted.tenant == nil, "the API does not show the tenant")

            let listed = try await backend.jobs(matching: JobFilter(limit: 10))
            #expect(listed.jobs.map(\.id) == [submitted.id])
            #expect(listed.counts == nil)

            let id = try #require(JobID(submitted.id))
            // The server's store says when the job finished; `wait` (whose polling JobsBackendWaitTests
            // checks on a manual clock) then returns it at once, with no time passing on its clock.
            try await server.waitUntilFinished(id)
            let finished = try await Waiting.within(.seconds(60), "wait to return the finished job") {
                try await backend.wait(for: id, clock: ManualWallClock())
            }
            #expect(finished.state == "completed")
            let output = try #require(finished.outputs["output"])
            #expect(output.url == url.absoluteString + "/v1/jobs/\(id)/outputs/output", "output URLs are made absolute")
            #expect(try await backend.job(id).state == "completed")

            let destination = server.directory.file("downloaded.txt")
            let written = try await backend.writeOutput(of: id, named: "output", to: destination.path)
            #expect(written.blob == output.blob)
            #expect(written.size == output.size)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "hello")
            #expect(!TemporaryDirectory.contents(of: server.directory.url).contains { $0.hasSuffix(".part") }, "no temporary file is left")

            let retried = try await backend.retry(id)
            #expect(["available", "running", "completed"].contains(retried.state))
            try await server.waitUntilFinished(id)
            #expect(try await backend.job(id).state == "completed")
        }
    }

    @Test("cancel a queued job, retry it, and a retry of a queued job is a conflict")
    func cancelAndRetry() async throws {
        try await TestServer.serve { server, url in
            let backend = RemoteJobsBackend(server: url, apiKey: server.alice)
            let (_, job) = try await backend.submit(JobsSubmitRequest(kind: .queueNoop, idempotencyKey: "once"))
            let id = try #require(JobID(job.id))
            let (createdAgain, again) = try await backend.submit(JobsSubmitRequest(kind: .queueNoop, idempotencyKey: "once"))
            #expect(!createdAgain && again.id == job.id, "the idempotency key returns the same job")

            let cancelled = try await backend.cancel(id)
            #expect(cancelled.state == "cancelled")
            #expect(cancelled.isFinished)
            #expect(try await backend.retry(id).state == "available")
            let conflict = try await #require(throws: RemoteJobsError.self) { try await backend.retry(id) }
            #expect(conflict.code == .conflict)
            #expect(conflict.status == 409)

            let missing = try await #require(throws: JobQueueError.self) {
                try await backend.writeOutput(of: id, named: "output", to: server.directory.file("none").path)
            }
            #expect(missing.description.contains("has no output named 'output'"))
        }
    }

    @Test("a bad key, another tenant's job, bad parameters and an unreachable server are typed errors")
    func errors() async throws {
        try await TestServer.serve { server, url in
            let alice = RemoteJobsBackend(server: url, apiKey: server.alice)
            let (_, job) = try await alice.submit(JobsSubmitRequest(kind: .queueNoop))
            let id = try #require(JobID(job.id))

            let stranger = RemoteJobsBackend(server: url, apiKey: server.bob)
            let notFound = try await #require(throws: RemoteJobsError.self) { try await stranger.job(id) }
            #expect(notFound.code == .notFound)
            #expect(notFound.status == 404)
            #expect(notFound.description.contains(job.id), "the error names the job: \(notFound)")
            #expect(try await stranger.jobs(matching: JobFilter(limit: 10)).jobs.isEmpty)

            let refused = try await #require(throws: RemoteJobsError.self) {
                try await RemoteJobsBackend(server: url, apiKey: "glint_000000000000_notakeyatall").jobs(matching: JobFilter(limit: 10))
            }
            #expect(refused.code == .unauthorized)
            #expect(refused.isPermanent)
            #expect(refused.description.contains("API key"))

            let unknownKind = try await #require(throws: RemoteJobsError.self) {
                try await alice.submit(JobsSubmitRequest(kind: JobKind(rawValue: "no.such.kind")))
            }
            #expect(unknownKind.code == .unknownKind)
            #expect(unknownKind.status == 422)
            let badPriority = try await #require(throws: RemoteJobsError.self) {
                try await alice.submit(JobsSubmitRequest(kind: .queueNoop, priority: 5000))
            }
            #expect(badPriority.code == .badParameters)
            let otherTenant = try await #require(throws: RemoteJobsError.self) {
                try await alice.submit(JobsSubmitRequest(kind: .queueNoop, tenant: "bob"))
            }
            #expect(otherTenant.code == .badParameters)
            #expect(otherTenant.status == nil, "refused before anything was sent")
        }
        var closed = RemoteJobsBackend(server: URL(string: "http://127.0.0.1:1")!, apiKey: "key")
        closed.timeout = .seconds(2)
        let unreachable = try await #require(throws: RemoteJobsError.self) { try await closed.jobs(matching: JobFilter(limit: 1)) }
        #expect(unreachable.code == .unavailable)
        #expect(unreachable.kindName == "transport")
    }

    @Test("the API's JSON decodes into JobDocument and encodes back byte for byte in the API rendering")
    func documentRoundTrip() async throws {
        try await TestServer.serve { server, url in
            let backend = RemoteJobsBackend(server: url, apiKey: server.alice)
            let input = try writeFile("bytes", named: "in.txt", in: server.directory)
            let submission = JobsSubmitRequest(kind: .queueNoop, parameters: noopParameters(output: "x"), inputs: ["a": input])
            let (_, job) = try await backend.submit(submission)
            var request = HTTPClientRequest(url: url.absoluteString + "/v1/jobs/\(job.id)")
            request.headers.add(name: "Authorization", value: "Bearer \(server.alice)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            let sent = Data(buffer: try await response.body.collect(upTo: 1 << 20))

            var decoded = try JSONDecoder().decode(JobDocument.self, from: sent)
            decoded.rendering = .api
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == String(decoding: sent, as: UTF8.self))
            let object = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
            #expect(object["tenant"] == nil && object["parameters"] == nil, "the API shows neither tenant nor parameters")
            #expect(object["attemptedAt"] is NSNull, "absent fields are null")
            #expect((object["inputs"] as? [String: String])?["a"]?.count == 64, "inputs are blob ids")
            #expect(Timestamp.date(from: try #require(object["createdAt"] as? String)) != nil)
        }
    }
}
