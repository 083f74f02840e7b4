import Foundation

extension BrowserPage {
    /// Signs the browser in to the dashboard at `base` with `key` through the sign-in form itself
    /// (typed in, submitted: the browser's own `POST /login` and its session cookie), and waits
    /// until the dashboard it leads to has loaded.
    func signIn(at base: String, key: String) async throws {
        try await navigate("\(base)/login")
        guard try await wait(until: "document.querySelector('form input[name=key]') !== null") else {
            throw HeadlessChromium.Failure(description: "no sign-in form at \(base)/login")
        }
        _ = try await evaluate("document.querySelector('input[name=key]').value = '\(key)'; document.querySelector('form').requestSubmit(); true")
        // The page navigates: evaluating may fail while it does.
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while ContinuousClock.now < deadline {
            if (try? await evaluate("document.body?.classList.contains('dashboard') === true")) as? Bool == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HeadlessChromium.Failure(description: "the sign-in form did not lead to the dashboard")
    }
}
