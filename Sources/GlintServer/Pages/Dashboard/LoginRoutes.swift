import Foundation
import Hummingbird

/// `GET /login` (the form), `POST /login` (a key in, the session cookie out) and `POST /logout`.
/// Every one counts against the client address's page limit; each sign-in attempt also against
/// its few sign-in attempts a minute, and one posted from another site is refused (``SameOriginCheck``).
struct LoginRoutes<Source: PageDataSource>: Sendable {
    let access: PageAccess<Source>

    /// The largest sign-in body read: a key is 51 characters.
    static var maximumBody: Int { 4096 }

    /// `GET /login`.
    func form(_ request: Request, context: GlintRequestContext) -> Response {
        access.limit(request, context: context) ?? LoginPage().response()
    }

    /// `POST /login` with `key=<API key>` (form-encoded): a live key signs in for
    /// ``DashboardSession/lifetime`` and goes to `/` (303); any other answer is 401 and the form.
    func signIn(_ request: Request, context: GlintRequestContext) async -> Response {
        if let limited = access.limit(request, context: context) ?? access.limitSignIn(request, context: context) { return limited }
        guard SameOriginCheck.allows(request.head, host: access.host(request, context: context)) else { return ShareUnavailablePage.refused.response }
        guard let body = try? await request.body.collect(upTo: Self.maximumBody),
            let key = Self.formValue("key", in: String(buffer: body))
        else { return LoginPage(notice: .rejected).response(status: .unauthorized) }
        do {
            guard let viewer = try await access.source.viewer(key: key) else {
                let client = access.client(request, context: context).map { "\($0)" } ?? "unknown"
                access.logger.notice("dashboard sign-in refused: not a live key", metadata: ["client": "\(client)"])
                return LoginPage(notice: .rejected).response(status: .unauthorized)
            }
            let now = access.now()
            let session = DashboardSession(keyID: viewer.keyID, expiresAt: now.addingTimeInterval(DashboardSession.lifetime))
            let cookie = session.setCookie(secret: access.secret, now: now, secure: access.isSecure(request, context: context))
            return Response(status: .seeOther, headers: [.location: "/", .setCookie: cookie, .cacheControl: "no-store"])
        } catch {
            access.logger.error("sign-in check failed", metadata: ["error": "\(error)"])
            return ShareUnavailablePage.failed.response
        }
    }

    /// `POST /logout`: the session cookie is cleared and the form shown (303 to `/login`).
    func signOut(_ request: Request, context: GlintRequestContext) -> Response {
        if let limited = access.limit(request, context: context) { return limited }
        guard SameOriginCheck.allows(request.head, host: access.host(request, context: context)) else { return ShareUnavailablePage.refused.response }
        let cookie = DashboardSession.clearingCookie(secure: access.isSecure(request, context: context))
        return Response(status: .seeOther, headers: [.location: "/login", .setCookie: cookie, .cacheControl: "no-store"])
    }

    /// The first value of `name` in an `application/x-www-form-urlencoded` body.
    static func formValue(_ name: String, in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, decode(parts[0]) == name else { continue }
            return decode(parts[1])
        }
        return nil
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
