import Foundation
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

@Suite("Share page routes", .requires(.sharedFixtures), .suiteTimeLimit)
struct SharePageRouteTests {
    @Test("an active share's page shows the still, the motion, the LIVE badge and the three downloads")
    func page() async throws {
        let fixture = try PagesFixture()
        let token = PagesFixture.token("active")
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(token)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[PageHeaders.referrerPolicy] == "no-referrer")
                let html = response.body.text
                #expect(html.contains("<img class=\"still\" src=\"/s/\(token)/display\""), "the display-size still, not the full one")
                #expect(html.contains("data-src=\"/s/\(token)/motion\""))
                #expect(html.contains("class=\"live-badge\""))
                #expect(html.contains("aria-label=\"Live Photo\""))
                #expect(!html.contains(" controls"), "no video controls, no play button")
                for download in ["livephoto", "still", "motionphoto"] {
                    #expect(html.contains("href=\"/s/\(token)/download/\(download)\""))
                }
                #expect(html.contains(">Live Photo</a>") && html.contains(">Photo</a>") && html.contains(">Motion Photo</a>"))
                #expect(html.contains(PageAssets.shareScript.versionedPath))
            }
        }
    }

    @Test("a share without a movie offers the photo only, with no badge")
    func stillOnly() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("still-only"))", method: .get) { response in
                #expect(response.status == .ok)
                #expect(!response.body.text.contains("live-badge"))
                #expect(!response.body.text.contains("download/livephoto"))
                #expect(response.body.text.contains("data-motion=\"unsupported\""))
            }
        }
    }

    @Test("revoked, expired and unknown links give a small page with 410 or 404")
    func unavailable() async throws {
        let fixture = try PagesFixture()
        let valid = PagesFixture.token("active")
        let parts = valid.split(separator: ".")
        let cases: [(String, HTTPResponse.Status, String)] = [
            ("/s/\(PagesFixture.token("revoked"))", .gone, "revoked"),
            ("/s/\(PagesFixture.token("active", expiresIn: -5))", .gone, "expired"),
            ("/s/\(PagesFixture.token("lapsed"))", .gone, "expired"),
            ("/s/\(PagesFixture.token("nobody"))", .notFound, "notFound"),
            ("/s/\(parts[0]).\(parts[1]).AAAA\(parts[2].dropFirst(4))", .notFound, "notFound"),
            ("/s/garbage", .notFound, "notFound"),
            ("/s/\(PagesFixture.token("revoked"))/still", .gone, "revoked"),
            ("/s/\(PagesFixture.token("nobody"))/motion", .notFound, "notFound"),
            ("/s/\(PagesFixture.token("revoked"))/download/livephoto", .gone, "revoked"),
            ("/s/\(valid)/download/elsewhere", .notFound, "notFound"),
        ]
        try await fixture.application().test(.router) { client in
            for (uri, status, kind) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status, "\(uri)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
                    #expect(response.body.text.contains("data-unavailable=\"\(kind)\""), "\(uri)")
                    #expect(response.body.text.contains("<h1>This link"), "\(uri)")
                }
            }
        }
    }

    @Test("hostile text in the link is never echoed into the page")
    func hostileToken() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/%3Cscript%3Ealert(1)%3C%2Fscript%3E.1.x", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!response.body.text.contains("<script>alert"))
                #expect(!response.body.text.contains("alert(1)"))
            }
        }
    }

    @Test("HTML escaping turns every markup character into a reference")
    func escaping() {
        #expect("<a href=\"x\" onclick='y'>&</a>".htmlEscaped == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect("plain é 日本".htmlEscaped == "plain é 日本")
    }
}
