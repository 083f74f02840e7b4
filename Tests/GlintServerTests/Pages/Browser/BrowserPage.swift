import Foundation
import GlintTestSupport

/// One tab of ``HeadlessChromium``, attached with a flat session: navigate (until the page has
/// loaded), evaluate, wait for a condition (in the page, on its own changes), press the pointer,
/// take a screenshot.
struct BrowserPage {
    let browser: HeadlessChromium
    let session: String

    /// Opens a tab at `width` x `height` CSS px (a phone when `mobile`, with touch).
    static func open(in browser: HeadlessChromium, width: Int, height: Int, mobile: Bool) async throws -> BrowserPage {
        let target = try await browser.send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw HeadlessChromium.Failure(description: "no target id") }
        let attached = try await browser.send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw HeadlessChromium.Failure(description: "no session id") }
        let page = BrowserPage(browser: browser, session: session)
        try await page.send("Page.enable")
        try await page.send(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": width, "height": height, "deviceScaleFactor": mobile ? 2 : 1, "mobile": mobile,
            ])
        if mobile { try await page.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5]) }
        return page
    }

    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:]) async throws -> [String: Any] {
        try await browser.send(method, params, session: session)
    }

    /// Opens `url` in the tab and returns once its page has loaded (its `load` event).
    func navigate(_ url: String) async throws {
        dropEvents()
        let result = try await send("Page.navigate", ["url": url])
        if let error = result["errorText"] as? String { throw HeadlessChromium.Failure(description: "\(url): \(error)") }
        try await loaded()
    }

    /// Returns once the page's `load` event came (since the last ``dropEvents()``).
    func loaded() async throws {
        try await browser.event("Page.loadEventFired", session: session)
    }

    /// Forgets the tab's events so far: before an action whose `load` is awaited next.
    func dropEvents() {
        browser.dropEvents(session: session)
    }

    /// The value of the JavaScript `expression` (awaited when it is a promise, for `bound` at
    /// most), as JSON gives it.
    func evaluate(_ expression: String, bound: Duration = .seconds(120)) async throws -> Any? {
        let result = try await browser.send(
            "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session, bound: bound)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw HeadlessChromium.Failure(description: "\(expression): \(exception["text"] ?? exception)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `condition` (JavaScript) is true; false when `bound` passes first (a guard
    /// against a hang, not a timing). The page checks the condition itself: at once, then on each
    /// change of its document (a `MutationObserver`) and after each event that may change what
    /// the document does not hold (loads, media playback, transitions), and its promise resolves
    /// when it holds; nothing polls.
    func wait(until condition: String, bound: Duration = .seconds(60)) async throws -> Bool {
        precondition(bound >= Waiting.shortestBound, "a wait's bound is at least \(Waiting.shortestBound)")
        let milliseconds = bound.components.seconds * 1000
        let script = """
            new Promise(resolve => {
              const holds = () => { try { return Boolean(\(condition)); } catch (error) { return false; } };
              if (holds()) { resolve(true); return; }
              const events = ['load', 'loadeddata', 'canplay', 'canplaythrough', 'playing', 'pause', 'timeupdate', 'ended',
                              'error', 'readystatechange', 'transitionend', 'animationend'];
              let timer;
              const check = () => { if (holds()) done(true); };
              const afterEvent = () => setTimeout(check, 0);
              const observer = new MutationObserver(check);
              const done = value => {
                observer.disconnect();
                clearTimeout(timer);
                for (const type of events) document.removeEventListener(type, afterEvent, true);
                window.removeEventListener('load', afterEvent, true);
                resolve(value);
              };
              observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
              for (const type of events) document.addEventListener(type, afterEvent, true);
              window.addEventListener('load', afterEvent, true);
              timer = setTimeout(() => done(holds()), \(milliseconds));
            })
            """
        return try await evaluate(script, bound: bound * 2) as? Bool == true
    }

    /// The centre of the first element matching `selector`, in CSS px.
    func centre(of selector: String) async throws -> (x: Double, y: Double) {
        let value = try await evaluate(
            """
            (() => { const r = document.querySelector(\(Self.quoted(selector))).getBoundingClientRect();
                     return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """)
        guard let point = value as? [Double], point.count == 2 else {
            throw HeadlessChromium.Failure(description: "no element \(selector)")
        }
        return (point[0], point[1])
    }

    /// Moves the mouse to `point` and presses the left button (a user gesture).
    func pressMouse(at point: (x: Double, y: Double)) async throws {
        try await send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": point.x, "y": point.y])
        try await send("Input.dispatchMouseEvent", ["type": "mousePressed", "x": point.x, "y": point.y, "button": "left", "clickCount": 1])
    }

    /// Releases the left button at `point`.
    func releaseMouse(at point: (x: Double, y: Double)) async throws {
        try await send("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": point.x, "y": point.y, "button": "left", "clickCount": 1])
    }

    /// Puts a finger down at `point` (touch events, as on a phone).
    func touchStart(at point: (x: Double, y: Double)) async throws {
        try await send("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": point.x, "y": point.y]]])
    }

    /// Lifts every finger.
    func touchEnd() async throws {
        try await send("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [] as [Any]])
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        let result = try await send("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw HeadlessChromium.Failure(description: "no screenshot data")
        }
        return data
    }

    static func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text])
        return String(decoding: data ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
    }
}
