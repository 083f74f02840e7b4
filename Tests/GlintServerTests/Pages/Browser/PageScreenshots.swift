import Foundation
import GlintQueue
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

/// Screenshots of the share page and the dashboard at phone (390x844) and desktop (1440x900)
/// widths, written to `docs/` when `GLINT_SCREENSHOTS=1` (`Scripts/screenshots.sh`).
@Suite(
    "Page screenshots", .serialized,
    .requires(
        .environment("GLINT_SCREENSHOTS", "1", why: "writes docs/*.png: Scripts/screenshots.sh runs it with GLINT_SCREENSHOTS=1"),
        .chromium, .sharedFixtures), .suiteTimeLimit)
struct PageScreenshots {
    static let sizes: [(name: String, width: Int, height: Int, mobile: Bool)] = [
        ("phone", 390, 844, true), ("desktop", 1440, 900, false),
    ]

    @Test("share page and dashboard at phone and desktop widths")
    func screenshots() async throws {
        var fixture = try PagesFixture().withRenditions()
        fixture.source = Self.busyQueue(fixture)
        let docs = try #require(SharedFixtures.packageRoot).appendingPathComponent("docs", isDirectory: true)
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let token = PagesFixture.token("active")
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let browser = try HeadlessChromium()
            for size in Self.sizes {
                let page = try await BrowserPage.open(in: browser, width: size.width, height: size.height, mobile: size.mobile)
                try await page.navigate("http://127.0.0.1:\(port)/s/\(token)")
                #expect(try await page.wait(until: "document.querySelector('.live-photo')?.dataset.motion === 'ready'"))
                try await page.screenshot().write(to: docs.appendingPathComponent("share-page-\(size.name).png"))
                try await page.signIn(at: "http://127.0.0.1:\(port)", key: PagesFixture.operatorKey)
                #expect(
                    try await page.wait(
                        until: "document.body?.dataset.refreshed === 'true' && "
                            + "[...document.querySelectorAll('.job img')].every(i => i.complete && i.naturalWidth > 0)"))
                try await page.screenshot().write(to: docs.appendingPathComponent("dashboard-\(size.name).png"))
            }
        }
    }

    /// A queue with an hour of varied completions and a dozen recent jobs, for the pictures.
    static func busyQueue(_ fixture: PagesFixture) -> InMemoryPageDataSource {
        var source = fixture.source
        var random = SeededRandomGenerator(seed: 6)
        source.counts = [.scheduled: 4, .available: 18, .running: 4, .completed: 1_284, .retryable: 2, .cancelled: 7, .discarded: 3]
        source.completions = (0..<60).flatMap { minute -> [Date] in
            let count = Int.random(in: 4...22, using: &random) + (minute > 40 ? 12 : 0)
            return (0..<count).map { _ in PagesFixture.now.addingTimeInterval(-Double(minute) * 60 - Double.random(in: 1...59, using: &random)) }
        }
        let kinds: [JobKind] = [.livePhotoEdit, .livePhotoExport, .ringsRender, .badgeApply]
        let states: [JobState] = [.completed, .completed, .running, .available, .completed, .discarded]
        source.jobs = (0..<12).map { index in
            let id = JobID()
            let state = states[index % states.count]
            if state == .completed { source.thumbnails[id] = fixture.pair.still }
            return PageJobSummary(
                id: id, kind: kinds[index % kinds.count], state: state,
                createdAt: PagesFixture.now.addingTimeInterval(-Double(index) * 47),
                finishedAt: state == .completed ? PagesFixture.now.addingTimeInterval(-Double(index) * 40) : nil,
                hasThumbnail: state == .completed)
        }
        return source
    }
}
