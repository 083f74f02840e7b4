import Foundation
import GlintTestSupport
import HTTPTypes
import Testing

@testable import GlintServer

@Suite("pages: sign-in forms come from this site", .suiteTimeLimit)
struct SameOriginCheckTests {
    static func request(_ fields: [HTTPField.Name: String]) -> HTTPRequest {
        var request = HTTPRequest(method: .post, scheme: "http", authority: "glint.example:8080", path: "/login")
        for (name, value) in fields { request.headerFields[name] = value }
        return request
    }

    @Test("same origin, a typed address or no browser headers pass; another site, a null origin or a foreign referer do not")
    func origins() {
        let host = "glint.example:8080"
        let allowed: [[HTTPField.Name: String]] = [
            [:], [.origin: "http://glint.example:8080"], [.referer: "http://glint.example:8080/login"],
            [SameOriginCheck.fetchSite: "same-origin", .origin: "http://GLINT.example:8080"], [SameOriginCheck.fetchSite: "none"],
            [SameOriginCheck.fetchSite: "same-origin", .origin: "null"],
        ]
        for fields in allowed { #expect(SameOriginCheck.allows(Self.request(fields), host: host), "\(fields)") }
        let refused: [[HTTPField.Name: String]] = [
            [.origin: "https://evil.example"], [.origin: "null"], [.origin: "http://glint.example:9090"], [.origin: "http://glint.example"],
            [.referer: "https://evil.example/glint.example:8080"], [SameOriginCheck.fetchSite: "cross-site"],
            [SameOriginCheck.fetchSite: "same-site", .origin: "http://glint.example:8080"], [.origin: "not a url at all"],
        ]
        for fields in refused { #expect(!SameOriginCheck.allows(Self.request(fields), host: host), "\(fields)") }
        #expect(!SameOriginCheck.allows(Self.request([.origin: "http://glint.example:8080"]), host: nil), "no Host: nothing to match")
        #expect(SameOriginCheck.allows(Self.request([.origin: "http://[::1]:8080"]), host: "[::1]:8080"))
    }
}
