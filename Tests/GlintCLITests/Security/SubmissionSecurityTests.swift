import Foundation
import GlintTestSupport
import NIOHTTP1
import Testing

/// Attacks on `POST /v1/jobs` against a real `glint serve` (issue 24, parts 4 to 6): hostile
/// headers for the submission probe (it must answer, and `/health/live` with it, and never die),
/// a job that multiplies its inputs, the test kind `queue.noop`, queues a key was not given, and
/// retries past `--max-queued`.
@Suite("security: submissions", .serialized, .suiteTimeLimit)
struct SubmissionSecurityTests {
    /// `badge.apply` of the blob `image`.
    static func badge(_ image: String, queue: String? = nil) -> [String: Any] {
        var job: [String: Any] = ["kind": "badge.apply", "params": ["kind": "live"], "inputs": ["image": image]]
        if let queue { job["queue"] = queue }
        return job
    }

    /// `/health/live` answers within a second and the process still runs.
    static func expectAlive(_ server: SecurityServer, after what: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        // Within 5 s, however busy the machine running the suites is (the attack this guards against
        // held /health/live for 18 s).
        let alive = await server.isAlive(within: 5)
        #expect(alive, "glint serve died or stopped answering within 5 s after \(what)\n\(server.logText.suffix(3000))", sourceLocation: sourceLocation)
    }

    @Test("hostile headers get an answer, never a crash: deep XMP in a HEIC and a JPEG, a 65535x65535 ispe, 4 GB boxes, a truncated moov, 1,000 APP segments")
    func hostileHeaders() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "mallory")
        let cases: [(String, [UInt8], Set<Int>)] = [
            ("a HEIC whose XMP nests 400,000 elements", HostileMedia.heif(width: 640, height: 480, xmp: HostileMedia.deepXMP(depth: 400_000)), [202]),
            ("a JPEG whose XMP APP1 nests 9,000 elements", HostileMedia.jpeg(xmp: HostileMedia.deepXMP(depth: 9000)), [202]),
            ("an ispe of 65535x65535", HostileMedia.heif(width: 65535, height: 65535), [422]),
            ("a moov that claims 4 GB", HostileMedia.movieStart(claimingMoov: 0xFFFF_FFF0), [202, 422]),
            ("a moov with a 64-bit size of 1 TB", HostileMedia.movieStart(claimingMoov: 1 << 40), [202, 422]),
            ("a truncated moov", Array(HostileMedia.movieStart(claimingMoov: 4000).prefix(60)), [202, 422]),
            ("a JPEG with 1,000 APP segments", HostileMedia.jpeg(appSegments: 1000), [202]),
            ("a JPEG with 5,000 APP segments", HostileMedia.jpeg(appSegments: 5000), [202, 422]),
        ]
        for (what, bytes, statuses) in cases {
            let blob = try await server.upload(Data(bytes), key: key)
            let response = try await server.submit(Self.badge(blob), key: key)
            #expect(statuses.contains(response.status), "\(what): \(response)")
            if response.status != 202 {
                #expect(response.header("Content-Type") == "application/problem+json", "\(what): \(response)")
            }
            if what.contains("65535") { #expect(try response.json()["type"] as? String == "https://glint.dev/problems/input-too-large") }
            await Self.expectAlive(server, after: what)
        }
        #expect(!server.logText.contains("Fatal error"), "\(server.logText.suffix(3000))")
    }

    @Test("many submissions of hostile headers at once: health checks keep answering; a full probe queue is 503 with Retry-After")
    func concurrentProbes() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "mallory")
        let blob = try await server.upload(Data(HostileMedia.heif(width: 640, height: 480, xmp: HostileMedia.deepXMP(depth: 400_000))), key: key)
        let statuses = try await withThrowingTaskGroup(of: SecurityResponse.self) { group in
            for _ in 0..<40 { group.addTask { try await server.submit(Self.badge(blob), key: key) } }
            await Self.expectAlive(server, after: "40 submissions at once")
            return try await group.reduce(into: [SecurityResponse]()) { $0.append($1) }
        }
        for response in statuses {
            #expect([202, 503].contains(response.status), "\(response)")
            if response.status == 503 { #expect(response.header("Retry-After") != nil, "\(response)") }
        }
        await Self.expectAlive(server, after: "the submissions")
    }

    @Test("a job naming one blob under 100 input names, or a name its kind does not take, is refused with 422 naming them")
    func multipliedInputs() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "mallory")
        let blob = try await server.upload(Data(HostileMedia.jpeg()), key: key)
        var many = Self.badge(blob)
        many["inputs"] = Dictionary(uniqueKeysWithValues: (0..<100).map { ("image\($0)", blob) })
        let refused = try await server.submit(many, key: key)
        #expect(refused.status == 422, "\(refused)")
        #expect(refused.text.contains("100 inputs") && refused.text.contains("16"), "\(refused)")
        var unknown = Self.badge(blob)
        unknown["inputs"] = ["image": blob, "copy": blob, "again": blob]
        let named = try await server.submit(unknown, key: key)
        #expect(named.status == 422, "\(named)")
        #expect(named.text.contains("'again', 'copy'"), "\(named)")
        #expect(try await server.submit(Self.badge(blob), key: key).status == 202)
    }

    @Test("queue.noop is refused unless glint serve has --enable-test-kinds")
    func testKinds() async throws {
        for (flags, status) in [([String](), 422), (["--enable-test-kinds"], 202)] {
            let server = try await SecurityServer.start(["--no-workers"] + flags)
            defer { server.remove() }
            let key = try server.createKey(tenant: "mallory")
            let response = try await server.submit(["kind": "queue.noop", "params": ["sleepMilliseconds": 3_600_000]], key: key)
            #expect(response.status == status, "\(flags): \(response)")
            if status == 422 { #expect(try response.json()["type"] as? String == "https://glint.dev/problems/unknown-kind", "\(response)") }
        }
    }

    @Test("a key may submit to its own queues only: default unless --queues says more")
    func queues() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let plain = try server.createKey(tenant: "mallory")
        let gpu = try server.createKey(tenant: "trusted", ["--queues", "default,gpu"])
        let blob = try await server.upload(Data(HostileMedia.jpeg()), key: plain)
        let refused = try await server.submit(Self.badge(blob, queue: "gpu"), key: plain)
        #expect(refused.status == 403, "\(refused)")
        #expect(try refused.json()["type"] as? String == "https://glint.dev/problems/queue-not-allowed")
        #expect(refused.text.contains("'gpu'"), "\(refused)")
        let batch = try await server.request(
            .POST, "/v1/batches", key: plain, headers: ["Content-Type": "application/json"],
            body: try JSONSerialization.data(withJSONObject: ["jobs": [Self.badge(blob), Self.badge(blob, queue: "gpu")]]))
        #expect(batch.status == 403 && batch.text.contains("jobs[1]"), "\(batch)")
        #expect(try await server.submit(Self.badge(blob), key: plain).status == 202)
        let own = try await server.upload(Data(HostileMedia.jpeg()), key: gpu)
        #expect(try await server.submit(Self.badge(own, queue: "gpu"), key: gpu).status == 202)
        #expect(try await server.submit(Self.badge(own, queue: "other"), key: gpu).status == 403)
    }

    @Test("retries count against --max-queued like submissions")
    func retriesCountAgainstMaxQueued() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--enable-test-kinds"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "mallory", ["--max-queued", "1"])
        let noop: [String: Any] = ["kind": "queue.noop"]
        let first = try await server.submit(noop, key: key)
        let id = try #require(try first.json()["id"] as? String, "\(first)")
        #expect(try await server.request(.DELETE, "/v1/jobs/\(id)", key: key).status == 200)
        #expect(try await server.submit(noop, key: key).status == 202)
        let retried = try await server.request(.POST, "/v1/jobs/\(id)/retry", key: key)
        #expect(retried.status == 429, "\(retried)")
        #expect(try retried.json()["limit"] as? String == "max-queued", "\(retried)")
        let listed = try await server.request(.GET, "/v1/jobs?state=available,scheduled,retryable", key: key)
        #expect((try listed.json()["jobs"] as? [Any])?.count == 1, "\(listed)")
    }
}
