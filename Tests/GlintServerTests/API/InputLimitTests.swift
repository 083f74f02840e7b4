import Foundation
import GlintJobs
import GlintTestSupport
import HummingbirdTesting
import Testing

@testable import GlintServer

/// `POST /v1/jobs` and `POST /v1/batches` refuse inputs over the server's ``InputLimits`` (measured
/// from the uploaded blobs' headers) with a 422 `input-too-large` problem naming the limit and the value.
@Suite("server: input limits", .requires(.sharedFixtures), .suiteTimeLimit)
struct InputLimitTests {
    /// A `livephoto.edit` of the real iPhone pair (4032x3024 still, 1.23 s movie), uploaded by alice.
    static func editBody(_ client: any TestClientProtocol, harness: ServerHarness) async throws -> String {
        let still = try await client.uploadID(try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill), key: harness.alice)
        let movie = try await client.uploadID(try SharedFixtures.bytes(SharedFixtures.Name.livePhotoMovie), key: harness.alice)
        return #"{"kind": "livephoto.edit", "params": {"recipe": {"exposure": 0.5}}, "inputs": {"still": "\#(still)", "movie": "\#(movie)"}}"#
    }

    @Test("a still over --max-pixels is 422 input-too-large naming its size and the limit; under it, 202")
    func pixels() async throws {
        try await ServerHarness.with(inputLimits: InputLimits(maxPixels: 1_000_000)) { harness in
            try await harness.serve { client in
                let body = try await Self.editBody(client, harness: harness)
                let refused = try await client.call(.post, "/v1/jobs", key: harness.alice, body: body)
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problemSlug == "input-too-large")
                let detail = try refused.json()["detail"] as? String
                #expect(detail == "input 'still' is 4032x3024 = 12.2 MP, over the limit of 1.0 MP (--max-pixels)")

                let batch = try await client.call(.post, "/v1/batches", key: harness.alice, body: #"{"jobs": [\#(body)]}"#)
                #expect(batch.status == .unprocessableContent)
                #expect(batch.problemSlug == "input-too-large")
                #expect((try batch.json()["detail"] as? String)?.hasPrefix("jobs[0]: input 'still' is 4032x3024") == true)
                let listed = try await client.call(.get, "/v1/jobs", key: harness.alice)
                #expect((try listed.json()["jobs"] as? [Any])?.isEmpty == true, "nothing was queued")
            }
        }
        try await ServerHarness.with(inputLimits: InputLimits(maxPixels: 12_200_000)) { harness in
            try await harness.serve { client in
                let accepted = try await client.call(.post, "/v1/jobs", key: harness.alice, body: try await Self.editBody(client, harness: harness))
                #expect(accepted.status == .accepted, "\(String(buffer: accepted.body))")
            }
        }
    }

    @Test("a movie over --max-motion-seconds is 422 input-too-large naming its duration and the limit; under it, 202")
    func motionSeconds() async throws {
        try await ServerHarness.with(inputLimits: InputLimits(maxMotionSeconds: 1)) { harness in
            try await harness.serve { client in
                let refused = try await client.call(.post, "/v1/jobs", key: harness.alice, body: try await Self.editBody(client, harness: harness))
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problemSlug == "input-too-large")
                let detail = try refused.json()["detail"] as? String
                #expect(detail == "input 'movie' has 1.23 s of motion, over the limit of 1 s (--max-motion-seconds)")
            }
        }
        try await ServerHarness.with(inputLimits: InputLimits(maxMotionSeconds: 1.5)) { harness in
            try await harness.serve { client in
                let accepted = try await client.call(.post, "/v1/jobs", key: harness.alice, body: try await Self.editBody(client, harness: harness))
                #expect(accepted.status == .accepted, "\(String(buffer: accepted.body))")
            }
        }
    }

    @Test("the default limits accept the real pair; input-too-large maps from the error code too")
    func defaults() async throws {
        #expect(InputLimits.default == InputLimits(maxPixels: 64_000_000, maxMotionSeconds: 30))
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let accepted = try await client.call(.post, "/v1/jobs", key: harness.alice, body: try await Self.editBody(client, harness: harness))
                #expect(accepted.status == .accepted, "\(String(buffer: accepted.body))")
            }
        }
        let error = InputTooLargeError(input: "still", limit: .pixels, measured: 108_000_000, maximum: 64_000_000, width: 12_000, height: 9000)
        let problem = ProblemMiddleware<GlintRequestContext>.problem(for: error)
        #expect(problem.type == .inputTooLarge)
        #expect(problem.status == .unprocessableContent)
        #expect(problem.detail == "input 'still' is 12000x9000 = 108.0 MP, over the limit of 64.0 MP (--max-pixels)")
    }
}
