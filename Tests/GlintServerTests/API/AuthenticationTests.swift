import Foundation
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import Testing

@testable import GlintServer

/// Every `/v1` route needs a valid, unrevoked key; the open routes need none.
@Suite("server: API keys", .suiteTimeLimit)
struct AuthenticationTests {
    @Test("missing, malformed, unknown and revoked keys get a 401 unauthorized problem; a good key gets through")
    func unauthorized() async throws {
        try await ServerHarness.with { harness in
            let revoked = try await ServerHarness.makeKey(harness.server.store, tenant: "carol")
            _ = try await harness.server.store.revokeKey(id: APIKey(parsing: revoked)!.id, at: harness.server.clock.now())
            let unknown = APIKey.generate().text
            try await harness.serve { client in
                for key in [nil, "nonsense", unknown, revoked] as [String?] {
                    let response = try await client.call(.get, "/v1/jobs", key: key)
                    #expect(response.status == .unauthorized, "key \(key ?? "none")")
                    #expect(response.problemSlug == "unauthorized")
                    #expect(response.headers[.wwwAuthenticate] == "Bearer")
                }
                let upload = try await client.upload(Array("hello".utf8), key: revoked)
                #expect(upload.status == .unauthorized)
                #expect(harness.storedBlobFiles().isEmpty)
                let good = try await client.call(.get, "/v1/jobs", key: harness.alice)
                #expect(good.status == .ok)
                #expect(try good.json()["jobs"] as? [Any] != nil)
            }
        }
    }

    @Test("health, metrics and the OpenAPI document need no key")
    func openRoutes() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                #expect(try await client.call(.get, "/health/live", key: nil).status == .ok)
                let ready = try await client.call(.get, "/health/ready", key: nil)
                #expect(ready.status == .ok)
                #expect(try ready.json()["status"] as? String == "ok")
                let openapi = try await client.call(.get, "/openapi.yaml", key: nil)
                #expect(openapi.status == .ok)
                #expect(String(buffer: openapi.body).hasPrefix("openapi: 3.1.0"))
                #expect(String(buffer: openapi.body).contains("/v1/jobs/{id}/outputs/{name}:"))
                // JobRequest.kind's enum is the server's registry, filled in when served.
                let kinds = harness.server.handlers.kinds.map(\.rawValue).joined(separator: ", ")
                #expect(String(buffer: openapi.body).contains("          enum: [\(kinds)]\n          description: The job kind"))
                #expect(!String(buffer: openapi.body).contains("filled in when served"))
                // A request goes through the metrics middleware first, so /metrics shows it.
                _ = try await client.call(.get, "/v1/jobs", key: harness.alice)
                let metrics = try await client.call(.get, "/metrics", key: nil)
                #expect(metrics.status == .ok)
                #expect(String(buffer: metrics.body).contains("hb_requests"))
                let missing = try await client.call(.get, "/no/such/route", key: nil)
                #expect(missing.status == .notFound)
                #expect(missing.problemSlug == "not-found")
            }
        }
    }
}
