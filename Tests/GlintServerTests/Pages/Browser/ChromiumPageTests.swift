import Foundation
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

/// The pages in a real browser: Debian's headless Chromium, against the pages served over
/// loopback. Skipped (with the reason) where Chromium or the shared fixtures are missing; failed
/// under `CI=true`.
@Suite(
    "Pages in headless Chromium", .serialized,
    .requires(.chromium, .sharedFixtures), .suiteTimeLimit)
struct ChromiumPageTests {
    static let figure = "document.querySelector('.live-photo')"
    static let video = "document.querySelector('.motion')"
    /// Marks, from the video's own `timeupdate` events, that the motion played past 0.2 s while
    /// the figure said `playing`: polling for it could miss a short movie that ends between two
    /// polls on a loaded machine.
    static let recordPlaying = """
        (() => { window.motionPlayed = false;
                 \(video).addEventListener('timeupdate', () => {
                   if (\(figure).dataset.motion === 'playing' && \(video).currentTime > 0.2) window.motionPlayed = true;
                 });
                 return true; })()
        """
    static let motionPlayed = "window.motionPlayed === true"

    @Test("desktop: the still shows, pressing plays the motion, letting go brings the still back, the downloads work")
    func desktopSharePage() async throws {
        let fixture = try PagesFixture().withRenditions()
        let token = PagesFixture.token("active")
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let browser = try HeadlessChromium()
            let page = try await BrowserPage.open(in: browser, width: 1440, height: 900, mobile: false)
            try await page.navigate("http://127.0.0.1:\(port)/s/\(token)")
            #expect(try await page.wait(until: "\(Self.figure)?.dataset.still === 'loaded'"), "the still loads")
            #expect(try await page.evaluate("document.querySelector('.still').naturalWidth") as? Int ?? 0 > 0)
            #expect(
                try await page.wait(until: "\(Self.figure).dataset.motion === 'ready'"),
                "the motion downloads and can be played")
            #expect(try await page.evaluate("document.querySelector('.motion-progress').hidden") as? Bool == true)
            #expect(try await page.evaluate("\(Self.video).controls") as? Bool == false)

            let centre = try await page.centre(of: ".live-photo")
            _ = try await page.evaluate(Self.recordPlaying)
            try await page.pressMouse(at: centre)
            #expect(
                try await page.wait(until: Self.motionPlayed),
                "pressing plays the motion")
            try await page.releaseMouse(at: centre)
            try await page.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": 1439, "y": 899])
            #expect(
                try await page.wait(until: "\(Self.figure).dataset.motion === 'ready' && \(Self.video).paused"),
                "leaving stops the motion")

            let downloads =
                try await page.evaluate(
                    """
                    Promise.all([...document.querySelectorAll('.downloads a')].map(a => fetch(a.href).then(async r =>
                      [a.textContent, r.status, r.headers.get('content-type'), (await r.arrayBuffer()).byteLength])))
                    """) as? [[Any]] ?? []
            let byName = Dictionary(uniqueKeysWithValues: downloads.map { ($0[0] as? String ?? "", $0) })
            #expect(byName.count == 3)
            for (name, type) in [("Live Photo", "application/zip"), ("Photo", "image/jpeg"), ("Motion Photo", "image/jpeg")] {
                let row = try #require(byName[name], "\(name) is offered")
                #expect(row[1] as? Int == 200, "\(name)")
                #expect(row[2] as? String == type, "\(name)")
                #expect(row[3] as? Int ?? 0 > 100_000, "\(name) has the photo's bytes")
            }
        }
    }

    @Test("phone: a touch plays the motion, lifting the finger stops it; badge clear space and 44 px targets hold")
    func phoneSharePage() async throws {
        let fixture = try PagesFixture().withRenditions()
        let token = PagesFixture.token("active")
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let browser = try HeadlessChromium()
            let page = try await BrowserPage.open(in: browser, width: 320, height: 640, mobile: true)
            try await page.navigate("http://127.0.0.1:\(port)/s/\(token)")
            #expect(try await page.wait(until: "\(Self.figure)?.dataset.still === 'loaded'"))
            #expect(try await page.evaluate("\(Self.figure).dataset.motion") as? String == "idle", "a phone fetches the motion on the first touch")
            let layout =
                try await page.evaluate(
                    """
                    (() => { const f = document.querySelector('.live-photo').getBoundingClientRect();
                             const b = document.querySelector('.live-badge').getBoundingClientRect();
                             const targets = [...document.querySelectorAll('.downloads a')].map(a => a.getBoundingClientRect());
                             return [b.height, b.top - f.top, b.left - f.left, Math.min(...targets.map(t => t.width)),
                                     Math.min(...targets.map(t => t.height)), document.documentElement.scrollWidth]; })()
                    """) as? [Double] ?? []
            try #require(layout.count == 6)
            #expect(layout[0] > 0)
            #expect(layout[1] >= layout[0] * 0.1 && layout[2] >= layout[0] * 0.1, "clear space around the badge")
            #expect(layout[3] >= 44 && layout[4] >= 44, "touch targets at least 44x44")
            #expect(layout[5] <= 320, "nothing wider than a 320 px phone")

            let centre = try await page.centre(of: ".live-photo")
            _ = try await page.evaluate(Self.recordPlaying)
            try await page.touchStart(at: centre)
            #expect(try await page.wait(until: Self.motionPlayed))
            try await page.touchEnd()
            #expect(try await page.wait(until: "\(Self.figure).dataset.motion === 'ready' && \(Self.video).paused"))
        }
    }

    @Test("phone, 390 px: the first view (page, style, script, the display-size still) transfers under 400 KB, nothing of the motion")
    func phoneFirstViewWeight() async throws {
        let fixture = try PagesFixture().withRenditions()
        let token = PagesFixture.token("active")
        let display = try #require(fixture.source.shares["active"]?.renditions["display"])
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let browser = try HeadlessChromium()
            let page = try await BrowserPage.open(in: browser, width: 390, height: 844, mobile: true)
            try await page.navigate("http://127.0.0.1:\(port)/s/\(token)")
            #expect(try await page.wait(until: "\(Self.figure)?.dataset.still === 'loaded'"))
            // The first view is over once the page has loaded (its subresources with it) and the script
            // has not started on the motion: a phone fetches it on the first touch only.
            #expect(try await page.wait(until: "document.readyState === 'complete'"))
            #expect(try await page.evaluate("\(Self.figure).dataset.motion") as? String == "idle")
            let script = """
                [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
                  .map(e => [e.name, e.transferSize, e.encodedBodySize])
                """
            let transfers = try await page.evaluate(script) as? [[Any]] ?? []
            let names = transfers.map { $0[0] as? String ?? "" }
            let bytes = transfers.reduce(0) { $0 + max($1[1] as? Int ?? 0, $1[2] as? Int ?? 0) }
            #expect(bytes > Int(display.size), "the display-size still was fetched: \(transfers)")
            #expect(bytes < 400_000, "first view \(bytes) bytes: \(transfers)")
            #expect(names.contains { $0.hasSuffix("/display") }, "\(names)")
            #expect(!names.contains { $0.hasSuffix("/still") || $0.hasSuffix("/motion") }, "\(names)")
            #expect(try await page.evaluate("document.querySelector('.still').naturalWidth") as? Int ?? 0 <= 1280)
        }
    }

    @Test("an expired link shows its page in the browser")
    func expiredLink() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let browser = try HeadlessChromium()
            let page = try await BrowserPage.open(in: browser, width: 390, height: 844, mobile: true)
            try await page.navigate("http://127.0.0.1:\(port)/s/\(PagesFixture.token("active", expiresIn: -60))")
            #expect(try await page.wait(until: "document.body?.dataset.unavailable === 'expired'"))
            #expect(try await page.evaluate("document.querySelector('h1').textContent") as? String == "This link has expired")
        }
    }

    @Test("the dashboard renders and refreshes itself from data.json")
    func dashboard() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let browser = try HeadlessChromium()
            let page = try await BrowserPage.open(in: browser, width: 390, height: 844, mobile: true)
            try await page.signIn(at: "http://127.0.0.1:\(port)", key: PagesFixture.operatorKey)
            #expect(try await page.wait(until: "document.body?.dataset.refreshed === 'true'"), "the script read data.json")
            #expect(try await page.evaluate("document.querySelectorAll('.throughput-chart .bar').length") as? Int == 60)
            #expect(try await page.evaluate("document.querySelector('.count[data-state=available] .number').textContent") as? String == "3")
            #expect(try await page.evaluate("document.querySelectorAll('script').length") as? Int == 1, "hostile kinds stay text")
            #expect(try await page.wait(until: "[...document.querySelectorAll('.job img')].some(i => i.naturalWidth > 0)"), "thumbnails load")
            #expect(try await page.evaluate("document.documentElement.scrollWidth") as? Int ?? 999 <= 390)
        }
    }
}
