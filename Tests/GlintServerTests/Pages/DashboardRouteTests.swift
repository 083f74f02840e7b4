import Foundation
import GlintQueue
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

@Suite("Dashboard routes", .requires(.sharedFixtures), .suiteTimeLimit)
struct DashboardRouteTests {
    @Test("the dashboard shows every state's count, the last hour's chart and the recent jobs, escaped")
    func page() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: PagesFixture.bearer()) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = response.body.text
                for state in JobState.allCases {
                    let count = fixture.source.counts[state] ?? 0
                    #expect(html.contains("data-state=\"\(state.rawValue)\"><span class=\"number\">\(count)</span>"), "\(state)")
                }
                #expect(html.components(separatedBy: "<rect class=\"bar\"").count - 1 == 60)
                #expect(html.contains("data-peak=\"5\""))
                #expect(html.contains("<span class=\"number\">6</span> completed in the last hour"))
                #expect(html.contains("src=\"/dashboard/jobs/\(fixture.thumbnailJob)/thumbnail\""))
                #expect(html.contains("href=\"/v1/jobs/\(fixture.thumbnailJob)\""))
                #expect(!html.contains("<script>alert"))
                #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;kind&quot;"))
            }
        }
    }

    @Test("data.json has the counts of every state, 60 minutes of completions and the recent jobs")
    func data() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/dashboard/data.json", method: .get, headers: PagesFixture.bearer()) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.bytes)) as? [String: Any])
                let counts = try #require(json["counts"] as? [String: Int])
                #expect(counts.count == JobState.allCases.count)
                #expect(counts["available"] == 3 && counts["completed"] == 40 && counts["retryable"] == 0)
                let throughput = try #require(json["throughput"] as? [String: Any])
                let perMinute = try #require(throughput["perMinute"] as? [Int])
                #expect(perMinute.count == 60)
                // now is 1_800_000_000 (a whole minute): the last bucket is [now, now + 60 s).
                #expect(perMinute[59] == 0 && perMinute[58] == 1 && perMinute[57] == 5 && perMinute[56] == 0)
                #expect(throughput["total"] as? Int == 6)
                let jobs = try #require(json["recentJobs"] as? [[String: Any]])
                #expect(jobs.count == 2)
                #expect(jobs[0]["kind"] as? String == PagesFixture.hostileKind, "JSON keeps the text as it is; the page escapes it")
                #expect(jobs[1]["thumbnail"] as? String == "/dashboard/jobs/\(fixture.thumbnailJob)/thumbnail")
                #expect(jobs[0]["thumbnail"] is NSNull)
            }
        }
    }

    @Test("thumbnails are served for jobs that have one, 404 otherwise")
    func thumbnails() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/dashboard/jobs/\(fixture.thumbnailJob)/thumbnail", method: .get, headers: PagesFixture.bearer()) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.body.readableBytes == Int(fixture.pair.still.size))
            }
            try await client.execute(uri: "/dashboard/jobs/\(JobID())/thumbnail", method: .get, headers: PagesFixture.bearer()) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/dashboard/jobs/..%2F..%2Fetc%2Fpasswd/thumbnail", method: .get, headers: PagesFixture.bearer()) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("assets are served with their type, an ETag, a year's cache when versioned, and 304 when unchanged")
    func assets() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            for asset in [PageAssets.share, PageAssets.shareScript, PageAssets.dashboard, PageAssets.dashboardScript] {
                try await client.execute(uri: asset.versionedPath, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == asset.contentType)
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                    #expect(response.headers[.eTag] == "\"\(asset.version)\"")
                    #expect(response.body.text == asset.body)
                }
            }
            try await client.execute(uri: "/assets/share.css", method: .get) { response in
                #expect(response.headers[.cacheControl] == "public, max-age=300")
            }
            try await client.execute(
                uri: "/assets/share.css", method: .get,
                headers: [.ifNoneMatch: "\"\(PageAssets.share.version)\""]
            ) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/assets/nothing.js", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
