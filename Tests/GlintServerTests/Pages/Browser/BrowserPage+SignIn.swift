import Foundation

extension BrowserPage {
    /// Signs the browser in to the dashboard at `base` with `key` through the sign-in form itself
    /// (typed in, submitted: the browser's own `POST /login` and its session cookie), and waits
    /// until the dashboard it leads to has loaded (its `load` event, then its body).
    func signIn(at base: String, key: String) async throws {
        try await navigate("\(base)/login")
        guard try await wait(until: "document.querySelector('form input[name=key]') !== null") else {
            throw HeadlessChromium.Failure(description: "no sign-in form at \(base)/login")
        }
        // Submitting navigates: to the dashboard (a 303 from POST /login), whose load ends the wait.
        dropEvents()
        _ = try await evaluate("document.querySelector('input[name=key]').value = '\(key)'; document.querySelector('form').requestSubmit(); true")
        try await loaded()
        guard try await wait(until: "document.body?.classList.contains('dashboard') === true") else {
            throw HeadlessChromium.Failure(description: "the sign-in form did not lead to the dashboard")
        }
    }
}
