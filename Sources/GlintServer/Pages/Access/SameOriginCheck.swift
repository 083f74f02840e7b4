import Foundation
import HTTPTypes

/// Refuses a sign-in or sign-out posted from another site (login CSRF: a page elsewhere signing a
/// visitor's browser in with the attacker's key). A browser says where a form came from: its
/// `Sec-Fetch-Site` decides where it sends one (only `same-origin` and `none`, a typed address,
/// pass); a browser without it is judged by `Origin` (another host, or `null`, is refused), else by
/// `Referer`. A request with none of them (a script, `curl`) is not a browser's cross-site request
/// and is let through. The sign-in and dashboard pages send `Referrer-Policy: same-origin`, so that
/// their own forms carry their origin.
struct SameOriginCheck {
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let forwardedHost = HTTPField.Name("X-Forwarded-Host")!
    /// The `Referrer-Policy` of the pages that post forms (sign-in, the dashboard's sign-out): with
    /// `no-referrer` a browser would send `Origin: null`.
    static let formPagesReferrerPolicy = "same-origin"

    /// Whether `request`, whose host the client addressed is `host` (the `Host` header, or a
    /// trusted proxy's `X-Forwarded-Host`), came from this site.
    static func allows(_ request: HTTPRequest, host: String?) -> Bool {
        if let site = request.headerFields[fetchSite]?.lowercased() { return site == "same-origin" || site == "none" }
        let source = request.headerFields[.origin] ?? request.headerFields[.referer]
        guard let source else { return true }
        guard let host = host?.lowercased(), let url = URL(string: source), var sourceHost = url.host?.lowercased() else { return false }
        if sourceHost.contains(":"), !sourceHost.hasPrefix("[") { sourceHost = "[\(sourceHost)]" }
        return (url.port.map { "\(sourceHost):\($0)" } ?? sourceHost) == host
    }
}
