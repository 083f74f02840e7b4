import Foundation
import GlintCore
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging

/// Who may use the pages, and how often: the per-client-address rate limits of every page route,
/// the stricter one of sign-in attempts, and the dashboard's viewer (a bearer key or the session
/// cookie of ``DashboardSession``). One per router: its buckets are shared by every request.
struct PageAccess<Source: PageDataSource>: Sendable {
    /// What the dashboard routes answer a request that is not signed in.
    enum Refusal {
        /// The sign-in form (`/`).
        case loginPage
        /// A JSON error (`data.json`).
        case json
        /// No body (a thumbnail).
        case empty
    }

    let source: Source
    let secret: ShareTokenSecret
    /// What sessions expire and the buckets fill by (the server's).
    let clock: any WallClock
    let configuration: PageAccessConfiguration
    let addresses: ClientAddressResolver
    let buckets: TokenBuckets
    let logger: Logger

    init(
        source: Source, secret: ShareTokenSecret, clock: any WallClock, configuration: PageAccessConfiguration, logger: Logger
    ) {
        self.source = source
        self.secret = secret
        self.clock = clock
        self.configuration = configuration
        self.addresses = ClientAddressResolver(trustedProxies: configuration.trustedProxies)
        self.buckets = TokenBuckets(clock: clock)
        self.logger = logger
    }

    /// The time now, on ``clock``.
    func now() -> Date { clock.now() }

    /// The client's address (see ``ClientAddressResolver``).
    func client(_ request: Request, context: GlintRequestContext) -> IPAddress? {
        addresses.clientAddress(peer: context.peerAddress, headers: request.headers)
    }

    /// Takes one of the client address's page tokens: nil when there was one, else the 429 page.
    func limit(_ request: Request, context: GlintRequestContext) -> Response? {
        let name = "page " + ClientAddressResolver.bucketName(client(request, context: context))
        return refusal(buckets.take(name, rate: configuration.rate, burst: configuration.burst))
    }

    /// Takes one of the client address's sign-in attempts: nil when there was one, else the 429 page.
    func limitSignIn(_ request: Request, context: GlintRequestContext) -> Response? {
        let name = "login " + ClientAddressResolver.bucketName(client(request, context: context))
        let perMinute = max(configuration.loginAttemptsPerMinute, 1)
        return refusal(buckets.take(name, rate: Double(perMinute) / 60, burst: perMinute))
    }

    private func refusal(_ wait: Double?) -> Response? {
        wait.map { ShareUnavailablePage.rateLimited.response(retryAfter: Int($0.rounded(.up))) }
    }

    /// Whether the client reached Glint over TLS (the session cookie is then `Secure`).
    func isSecure(_ request: Request, context: GlintRequestContext) -> Bool {
        addresses.isSecure(peer: context.peerAddress, request: request.head)
    }

    /// The host the client addressed: a trusted proxy's `X-Forwarded-Host`, else `Host`.
    func host(_ request: Request, context: GlintRequestContext) -> String? {
        if let peer = context.peerAddress, addresses.isTrusted(peer), let forwarded = request.headers[SameOriginCheck.forwardedHost] {
            return forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return request.head.authority
    }

    /// Runs `body` for the request's viewer, after the client address's page limit; a request
    /// that is not signed in gets `refusal` with 401 (a wrong bearer key also spends a sign-in
    /// attempt), never data.
    func dashboard(
        _ request: Request, context: GlintRequestContext, refusal: Refusal, _ body: (PageViewer) async -> Response
    ) async -> Response {
        if let limited = limit(request, context: context) { return limited }
        do {
            if let bearer = request.headers.bearer {
                if let viewer = try await source.viewer(key: bearer.token) { return await body(viewer) }
                if let limited = limitSignIn(request, context: context) { return limited }
            } else if let cookie = DashboardSession.cookieValue(in: request.headers, secure: isSecure(request, context: context)),
                let session = DashboardSession.verify(cookie, secret: secret, now: now()),
                let viewer = try await source.viewer(keyID: session.keyID)
            {
                return await body(viewer)
            }
        } catch {
            logger.error("dashboard sign-in check failed", metadata: ["error": "\(error)"])
            return ShareUnavailablePage.failed.response
        }
        return Self.unauthorized(refusal)
    }

    /// The 401 answer of a dashboard route to a request that is not signed in.
    static func unauthorized(_ refusal: Refusal) -> Response {
        let challenge = #"Bearer realm="glint dashboard""#
        switch refusal {
        case .loginPage: return LoginPage().response(status: .unauthorized)
        case .json:
            return Response(
                status: .unauthorized,
                headers: [.contentType: "application/json", .cacheControl: "no-store", .wwwAuthenticate: challenge],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"sign in at /login, or send Authorization: Bearer <API key>"}"#)))
        case .empty:
            return Response(status: .unauthorized, headers: [.cacheControl: "no-store", .wwwAuthenticate: challenge])
        }
    }
}
