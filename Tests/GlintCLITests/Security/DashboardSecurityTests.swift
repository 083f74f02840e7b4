import Crypto
import Foundation
import GlintTestSupport
import Testing

/// Issue 24, part 1: the dashboard shows nothing to strangers. Against a real `glint serve`: the
/// dashboard needs a key (bearer, or the sign-in form's signed session cookie), shows a tenant's
/// key its own jobs and an operator's key every tenant's; no GET queues a job; the anonymous
/// routes are rate-limited per client address, which a client cannot choose by `X-Forwarded-For`
/// unless it comes through `--trusted-proxies`.
@Suite("security: the dashboard shows nothing to strangers", .suiteTimeLimit)
struct DashboardSecurityTests {
    static let form = ["Content-Type": "application/x-www-form-urlencoded"]
    static let dashboardPaths = ["/", "/dashboard/data.json"]

    @Test("anonymous: /, data.json and a thumbnail are 401 with no job data, and queue no job", .requires(.livePhotoPair))
    func anonymous() async throws {
        let server = try await SecurityServer.start()
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        let job = try await ShareLocationSecurityTests.exportedPair(server, key: alice)
        let before = try await Self.jobCount(server, key: alice)
        for path in Self.dashboardPaths + ["/dashboard/jobs/\(job)/thumbnail"] {
            let response = try await server.request(.GET, path)
            #expect(response.status == 401, "\(path): \(response)")
            #expect(!response.text.contains(job) && !response.text.contains("livephoto.export"), "\(path) shows job data")
        }
        let page = try await server.request(.GET, "/")
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.text.contains(#"action="/login""#), "the sign-in form")
        #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        // A route queues what it queues before it answers (no page starts work of its own afterwards).
        #expect(try await Self.jobCount(server, key: alice) == before, "a GET queued a job")
    }

    @Test("a GET of the dashboard or of a share queues no job; a job is shared only once completed", .requires(.livePhotoPair))
    func readingNeverWrites() async throws {
        let server = try await SecurityServer.start()
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        let job = try await ShareLocationSecurityTests.exportedPair(server, key: alice)
        let before = try await Self.jobCount(server, key: alice)
        for path in Self.dashboardPaths + ["/dashboard/jobs/\(job)/thumbnail"] {
            _ = try await server.request(.GET, path, key: alice)
        }
        #expect(try await Self.jobCount(server, key: alice) == before, "the owner's dashboard queued a job")
        let share = try await ShareLocationSecurityTests.share(server, key: alice, body: ["job": job])
        let url = try #require(share["url"] as? String)
        let shared = try await Self.jobCount(server, key: alice)
        #expect(shared == before + 1, "the share's renditions, submitted by POST /v1/shares")
        for path in ["", "/still", "/display", "/motion", "/download/still", "/download/livephoto"] {
            _ = try await server.request(.GET, url + path)
        }
        #expect(try await Self.jobCount(server, key: alice) == shared, "a share page queued a job")

        let waiting = try await server.submit(["kind": "rings.render", "params": ["move": 0.5, "exercise": 0.5, "stand": 0.5, "size": 64]], key: alice)
        let unfinished = try #require(try waiting.json()["id"] as? String, "\(waiting)")
        let early = try await server.request(
            .POST, "/v1/shares", key: alice, headers: ["Content-Type": "application/json"], body: Data(#"{"job": "\#(unfinished)"}"#.utf8))
        #expect(early.status == 409 || early.status == 201, "\(early)")
        if early.status == 201 {
            let state = try await server.finishedJob(unfinished, key: alice)["state"] as? String
            #expect(state == "completed", "shared before it completed: \(early)")
        }
    }

    @Test("tenant B's key sees none of A's jobs; an operator's key sees both")
    func tenantScope() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        let bob = try server.createKey(tenant: "bob")
        let operatorKey = try server.createKey(tenant: "ops", ["--operator"])
        let listed = try GlintProcess.run(["keys", "list", "--json", "--data-dir", server.dataDirectory.path])
        let keys = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]], "\(listed.summary)")
        #expect(keys.map { $0["operator"] as? Bool } == [false, false, true], "\(keys)")
        let aliceJob = try await Self.submitWaiting(server, key: alice)
        let bobJob = try await Self.submitWaiting(server, key: bob)

        let seenByBob = try await server.request(.GET, "/dashboard/data.json", key: bob)
        #expect(seenByBob.status == 200, "\(seenByBob)")
        #expect(seenByBob.text.contains(bobJob) && !seenByBob.text.contains(aliceJob), "\(seenByBob)")
        #expect((try seenByBob.json()["counts"] as? [String: Int])?["available"] == 1, "bob's counts are his own")
        let page = try await server.request(.GET, "/", key: bob)
        #expect(page.status == 200 && !page.text.contains(aliceJob))
        #expect(try await server.request(.GET, "/dashboard/jobs/\(aliceJob)/thumbnail", key: bob).status == 404)

        let seenByOperator = try await server.request(.GET, "/dashboard/data.json", key: operatorKey)
        #expect(seenByOperator.text.contains(aliceJob) && seenByOperator.text.contains(bobJob), "\(seenByOperator)")
        #expect((try seenByOperator.json()["counts"] as? [String: Int])?["available"] == 2)
        // On /v1 an operator's key is a key of its own tenant: alice's job is not its.
        #expect(try await server.request(.GET, "/v1/jobs/\(aliceJob)", key: operatorKey).status == 404)
    }

    @Test("the sign-in form sets a signed HttpOnly SameSite=Strict cookie that works until the key is revoked")
    func signInAndRevoke() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        let aliceJob = try await Self.submitWaiting(server, key: alice)
        let cookie = try await Self.signIn(server, key: alice)
        let page = try await server.request(.GET, "/", headers: ["Cookie": cookie])
        #expect(page.status == 200 && page.text.contains(String(aliceJob.prefix(8))), "\(page)")
        #expect(try await server.request(.GET, "/dashboard/data.json", headers: ["Cookie": cookie]).text.contains(aliceJob))

        let revoked = try GlintProcess.run(["keys", "revoke", alice, "--data-dir", server.dataDirectory.path])
        try #require(revoked.succeeded, "\(revoked.summary)")
        for path in Self.dashboardPaths {
            let response = try await server.request(.GET, path, headers: ["Cookie": cookie])
            #expect(response.status == 401 && !response.text.contains(aliceJob), "\(path) with a revoked key's session: \(response)")
        }
        let again = try await server.request(.POST, "/login", headers: Self.form, body: Data("key=\(alice)".utf8))
        #expect(again.status == 401 && again.header("Set-Cookie") == nil, "a revoked key signs in: \(again)")
    }

    @Test("forged, tampered and expired session cookies are refused")
    func forgedCookies() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        let aliceJob = try await Self.submitWaiting(server, key: alice)
        let keyID = String(alice.split(separator: "_")[1])
        let secret = try Data(contentsOf: server.dataDirectory.appendingPathComponent("server-secret"))
        let signedIn = try await Self.signIn(server, key: alice)
        let value = String(signedIn.dropFirst("glint_session=".count))
        let parts = value.split(separator: ".").map(String.init)
        // The server's own time, from its cookie: it expires 12 hours after the sign-in.
        let expiry = try #require(Int64(parts[1]), "\(signedIn)")
        let signedAt = expiry - 43200
        // Signed as the server signs (proving the format), then the same with an expiry in the past.
        #expect(Self.session(keyID: keyID, expiry: expiry, secret: secret) == signedIn, "the server's own cookie")
        let genuine = Self.session(keyID: keyID, expiry: expiry - 600, secret: secret)
        #expect(try await server.request(.GET, "/dashboard/data.json", headers: ["Cookie": genuine]).status == 200)
        let forged = [
            Self.session(keyID: keyID, expiry: signedAt - 1, secret: secret),
            Self.session(keyID: keyID, expiry: expiry, secret: Data(repeating: 7, count: 32)),
            "glint_session=\(keyID).\(expiry + 600).\(parts[2])",
            "glint_session=\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))",
            "glint_session=\(parts[0]).\(parts[1])",
            "glint_session=\(keyID)",
            "glint_session=" + String(alice),
        ]
        for cookie in forged {
            for path in Self.dashboardPaths {
                let response = try await server.request(.GET, path, headers: ["Cookie": cookie])
                #expect(response.status == 401 && !response.text.contains(aliceJob), "\(cookie) on \(path): \(response)")
            }
        }
    }

    @Test("a sign-in posted from another site is refused (login CSRF); Secure is set behind a trusted TLS proxy")
    func crossSiteAndSecure() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--trusted-proxies", "127.0.0.1/32"])
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        for headers in [["Origin": "https://evil.example"], ["Origin": "null"], ["Referer": "https://evil.example/x"], ["Sec-Fetch-Site": "cross-site"]] {
            let response = try await server.request(.POST, "/login", headers: Self.form.merging(headers) { $1 }, body: Data("key=\(alice)".utf8))
            #expect(response.status == 403 && response.header("Set-Cookie") == nil, "\(headers): \(response)")
        }
        let origin = server.base
        let same = try await server.request(.POST, "/login", headers: Self.form.merging(["Origin": origin]) { $1 }, body: Data("key=\(alice)".utf8))
        #expect(same.status == 303, "\(same)")
        #expect(same.header("Set-Cookie")?.contains("Secure") == false, "plain HTTP")
        let tls = try await server.request(
            .POST, "/login", headers: Self.form.merging(["X-Forwarded-Proto": "https"]) { $1 }, body: Data("key=\(alice)".utf8))
        let secureCookie = try #require(tls.header("Set-Cookie"), "\(tls)")
        #expect(secureCookie.hasPrefix("__Host-glint_session=") && secureCookie.hasSuffix("; Secure"), "\(secureCookie)")
        let pair = String(try #require(secureCookie.split(separator: ";").first))
        let https = ["X-Forwarded-Proto": "https"]
        #expect(try await server.request(.GET, "/dashboard/data.json", headers: https.merging(["Cookie": pair]) { $1 }).status == 200)
        let planted = "glint_session=" + pair.dropFirst("__Host-glint_session=".count)
        #expect(
            try await server.request(.GET, "/dashboard/data.json", headers: https.merging(["Cookie": planted]) { $1 }).status == 401,
            "over TLS a cookie without the __Host- prefix (one a sibling subdomain could plant) is not a session")
    }

    @Test("an anonymous flood gets 429 with Retry-After; a spoofed X-Forwarded-For does not reset it")
    func floodWithoutTrustedProxies() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--anonymous-rate", "0.001", "--anonymous-burst", "5"])
        defer { server.remove() }
        var statuses: [Int] = []
        var retryAfter: String?
        for index in 0..<10 {
            let response = try await server.request(.GET, "/s/nothing.1.x", headers: ["X-Forwarded-For": "198.51.100.\(index)"])
            statuses.append(response.status)
            if response.status == 429 { retryAfter = response.header("Retry-After") }
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 404 } && statuses.suffix(5).allSatisfy { $0 == 429 }, "\(statuses)")
        #expect(Int(retryAfter ?? "") ?? 0 >= 1)
        #expect(await server.isAlive(within: 60), "health is not limited")
    }

    @Test("with --trusted-proxies the forwarded client address is the bucket; its left-most entries are not")
    func floodBehindTrustedProxy() async throws {
        let server = try await SecurityServer.start([
            "--no-workers", "--trusted-proxies", "127.0.0.1/32", "--anonymous-rate", "0.001", "--anonymous-burst", "3",
        ])
        defer { server.remove() }
        func status(_ forwardedFor: String) async throws -> Int {
            try await server.request(.GET, "/s/nothing.1.x", headers: ["X-Forwarded-For": forwardedFor]).status
        }
        for _ in 0..<3 { #expect(try await status("198.51.100.1") == 404) }
        #expect(try await status("198.51.100.1") == 429)
        #expect(try await status("203.0.113.5, 198.51.100.1") == 429, "a client's own X-Forwarded-For entry is not its address")
        #expect(try await status("198.51.100.2") == 404, "another client has its own bucket")
    }

    @Test("sign-in attempts are limited per client address (key guessing)")
    func signInAttempts() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--login-attempts-per-minute", "3"])
        defer { server.remove() }
        let alice = try server.createKey(tenant: "alice")
        var statuses: [Int] = []
        for index in 0..<4 {
            let guess = "glint_\(alice.split(separator: "_")[1])_" + String(repeating: "\(index)", count: 32)
            statuses.append(try await server.request(.POST, "/login", headers: Self.form, body: Data("key=\(guess)".utf8)).status)
        }
        #expect(statuses == [401, 401, 401, 429], "\(statuses)")
        let right = try await server.request(.POST, "/login", headers: Self.form, body: Data("key=\(alice)".utf8))
        #expect(right.status == 429, "even the right key waits: \(right)")
    }

    // MARK: Helpers

    /// `POST /login` with `key`; the `glint_session=...` pair of its cookie, whose attributes are checked.
    static func signIn(_ server: SecurityServer, key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await server.request(.POST, "/login", headers: form, body: Data("key=\(key)".utf8))
        try #require(response.status == 303, "\(response)", sourceLocation: sourceLocation)
        #expect(response.header("Location") == "/", sourceLocation: sourceLocation)
        let cookie = try #require(response.header("Set-Cookie"), sourceLocation: sourceLocation)
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200"] {
            #expect(cookie.contains("; \(attribute)"), "\(attribute) in \(cookie)", sourceLocation: sourceLocation)
        }
        return String(try #require(cookie.split(separator: ";").first, sourceLocation: sourceLocation))
    }

    /// A session cookie as the server makes one, signed with a key derived from `secret`.
    static func session(keyID: String, expiry: Int64, secret: Data) -> String {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), info: Data("glint dashboard session v1".utf8), outputByteCount: 32)
        let message = "\(keyID).\(expiry)"
        let code = Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key))
        let signature = code.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "glint_session=\(message).\(signature)"
    }

    /// Submits a job that waits (the server runs no worker); its id.
    static func submitWaiting(_ server: SecurityServer, key: String) async throws -> String {
        let response = try await server.submit(["kind": "rings.render", "params": ["move": 0.5, "exercise": 0.5, "stand": 0.5, "size": 64]], key: key)
        return try #require(try response.json()["id"] as? String, "\(response)")
    }

    /// How many jobs the tenant has (`GET /v1/jobs`, every page).
    static func jobCount(_ server: SecurityServer, key: String) async throws -> Int {
        try await ShareLocationSecurityTests.jobIDs(server, key: key).count
    }
}
