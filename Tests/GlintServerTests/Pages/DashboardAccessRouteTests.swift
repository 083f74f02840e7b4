import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

@Suite("Dashboard access: sign-in, sessions, scope, limits", .requires(.sharedFixtures), .suiteTimeLimit)
struct DashboardAccessRouteTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// The session cookie a sign-in with `key` sets, checked for its attributes.
    static func signIn(_ client: some TestClientProtocol, key: String) async throws -> String {
        try await client.execute(uri: "/login", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)")) { response in
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[.setCookie])
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200"] { #expect(cookie.contains(attribute), "\(attribute)") }
            #expect(!cookie.contains("Secure"), "plain HTTP, no trusted proxy")
            return String(try #require(cookie.split(separator: ";").first))
        }
    }

    @Test("anonymous: / is 401 with the sign-in form, data.json 401 JSON, a thumbnail 401, and no job data")
    func anonymous() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            for (uri, type) in [("/", "text/html; charset=utf-8"), ("/dashboard/data.json", "application/json")] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .unauthorized, "\(uri)")
                    #expect(response.headers[.contentType] == type, "\(uri)")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                    #expect(!response.body.text.contains(fixture.thumbnailJob.description), "\(uri)")
                }
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.body.text.contains(#"<form method="post" action="/login">"#))
                #expect(response.headers[PageHeaders.contentSecurityPolicy] == PageHeaders.policy)
            }
            try await client.execute(uri: "/dashboard/jobs/\(fixture.thumbnailJob)/thumbnail", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.body.readableBytes == 0)
            }
            for bad in ["Bearer glint_0000000000aa_" + String(repeating: "X", count: 32), "Bearer nonsense"] {
                try await client.execute(uri: "/dashboard/data.json", method: .get, headers: [.authorization: bad]) { response in
                    #expect(response.status == .unauthorized)
                }
            }
        }
    }

    @Test("the sign-in form sets a session cookie that opens the dashboard; a wrong key gets the form again")
    func signIn() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/login", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.body.text.contains(#"name="key" type="password""#))
            }
            let cookie = try await Self.signIn(client, key: PagesFixture.operatorKey)
            try await client.execute(uri: "/dashboard/data.json", method: .get, headers: [.cookie: cookie]) { response in
                #expect(response.status == .ok)
            }
            let forged = cookie.replacingOccurrences(of: "0000000000aa", with: "0000000000bb")
            try await client.execute(uri: "/dashboard/data.json", method: .get, headers: [.cookie: forged]) { response in
                #expect(response.status == .unauthorized, "another key's id under the first one's signature")
            }
            try await client.execute(
                uri: "/login", method: .post, headers: Self.form, body: ByteBuffer(string: "key=glint_0000000000aa_" + String(repeating: "Z", count: 32))
            ) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.setCookie] == nil)
                #expect(response.body.text.contains("not accepted"))
            }
            try await client.execute(uri: "/logout", method: .post) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.setCookie]?.contains("Max-Age=0") == true)
            }
        }
    }

    @Test("a sign-in or sign-out posted from another site is refused (login CSRF)")
    func crossSite() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            let body = ByteBuffer(string: "key=\(PagesFixture.aliceKey)")
            let attacks: [HTTPFields] = [
                [.contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example"],
                [.contentType: "application/x-www-form-urlencoded", .origin: "null"],
                [.contentType: "application/x-www-form-urlencoded", .referer: "https://evil.example/page"],
                [.contentType: "application/x-www-form-urlencoded", SameOriginCheck.fetchSite: "cross-site"],
            ]
            for headers in attacks {
                try await client.execute(uri: "/login", method: .post, headers: headers, body: body) { response in
                    #expect(response.status == .forbidden, "\(headers)")
                    #expect(response.headers[.setCookie] == nil)
                }
            }
        }
    }

    @Test("a tenant's key sees its own jobs only; an operator's sees every one")
    func scope() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            for (key, visible) in [(PagesFixture.aliceKey, 1), (PagesFixture.operatorKey, 2)] {
                try await client.execute(uri: "/dashboard/data.json", method: .get, headers: PagesFixture.bearer(key)) { response in
                    let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.bytes)) as? [String: Any])
                    #expect((json["recentJobs"] as? [Any])?.count == visible, "\(key)")
                }
            }
            let unowned = try #require(fixture.source.jobs.first { $0.id != fixture.thumbnailJob }).id
            try await client.execute(uri: "/dashboard/jobs/\(unowned)/thumbnail", method: .get, headers: PagesFixture.bearer(PagesFixture.aliceKey)) {
                response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("share pages and sign-in attempts are rate-limited per client address, with Retry-After; the bucket refills at the rate")
    func rateLimits() async throws {
        let fixture = try PagesFixture()
        let access = PageAccessConfiguration(rate: 0.01, burst: 3, loginAttemptsPerMinute: 2)
        let clock = ManualWallClock(PagesFixture.now)
        try await fixture.application(access: access, clock: clock).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<5 {
                try await client.execute(uri: "/s/\(PagesFixture.token("active"))", method: .get) { statuses.append($0.status) }
            }
            #expect(statuses == [.ok, .ok, .ok, .tooManyRequests, .tooManyRequests])
            // One token every 100 s at 0.01/s: there is one 100 s on, and one only.
            clock.advance(by: .seconds(100))
            statuses = []
            for _ in 0..<2 {
                try await client.execute(uri: "/s/\(PagesFixture.token("active"))", method: .get) { statuses.append($0.status) }
            }
            #expect(statuses == [.ok, .tooManyRequests])
        }
        try await fixture.application(access: PageAccessConfiguration(loginAttemptsPerMinute: 2)).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 {
                try await client.execute(uri: "/login", method: .post, headers: Self.form, body: ByteBuffer(string: "key=wrong")) { response in
                    statuses.append(response.status)
                    if response.status == .tooManyRequests { #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1) }
                }
            }
            #expect(statuses == [.unauthorized, .unauthorized, .tooManyRequests])
        }
    }
}
