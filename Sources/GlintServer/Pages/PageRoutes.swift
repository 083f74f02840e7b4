import Foundation
public import GlintCore
import GlintQueue
public import Hummingbird
public import Logging

/// The pages people look at, added to a Hummingbird router: the share page and its files and
/// downloads (`/s/{token}...`, anyone with the link), the dashboard (`/`, `/dashboard/...`, a
/// signed-in key only: ``PageAccess``), its sign-in form (`/login`, `/logout`) and their static
/// files (`/assets/...`). Every route but the assets counts against its client address's rate
/// (``PageAccessConfiguration``); no route writes a job. Whatever goes wrong, a person gets a
/// small page with the right status, never a stack trace; the cause is logged.
public struct PageRoutes<Source: PageDataSource>: Sendable {
    let source: Source
    let secret: ShareTokenSecret
    let clock: any WallClock
    let access: PageAccessConfiguration
    let logger: Logger

    /// - Parameters:
    ///   - source: Where shares, outputs, keys and queue numbers come from.
    ///   - secret: The server secret: share tokens are signed with it, sessions with a key derived from it.
    ///   - clock: What expiry is checked against and the per-address buckets fill by (the
    ///     server's, ``ServerContext/clock``; a `ManualWallClock` in tests).
    ///   - access: The trusted proxies and the per-client-address limits.
    ///   - logger: Where failures are logged.
    public init(
        source: Source, secret: ShareTokenSecret, clock: any WallClock = SystemWallClock(),
        access: PageAccessConfiguration = PageAccessConfiguration(), logger: Logger = Logger(label: "glint.pages")
    ) {
        self.source = source
        self.secret = secret
        self.clock = clock
        self.access = access
        self.logger = logger
    }

    /// Adds every page route to `router`.
    public func addRoutes(to router: some RouterMethods<GlintRequestContext>) {
        let guardian = PageAccess(source: source, secret: secret, clock: clock, configuration: access, logger: logger)
        addShareRoutes(to: router, access: guardian)
        let dashboard = DashboardRoutes(source: source, now: { guardian.now() }, logger: logger)
        router.get("/") { request, context in
            await guardian.dashboard(request, context: context, refusal: .loginPage) { await dashboard.page(viewer: $0) }
        }
        router.get("/dashboard/data.json") { request, context in
            await guardian.dashboard(request, context: context, refusal: .json) { await dashboard.data(viewer: $0) }
        }
        router.get("/dashboard/jobs/{id}/thumbnail") { request, context in
            await guardian.dashboard(request, context: context, refusal: .empty) { viewer in
                await dashboard.thumbnail(job: context.parameters.get("id") ?? "", viewer: viewer, request: request, context: context)
            }
        }
        let login = LoginRoutes(access: guardian)
        router.get("/login") { request, context in login.form(request, context: context) }
        router.post("/login") { request, context in await login.signIn(request, context: context) }
        router.post("/logout") { request, context in login.signOut(request, context: context) }
        router.get("/assets/{name}") { request, context in
            AssetResponses.asset(named: context.parameters.get("name") ?? "", request: request)
        }
    }

    /// `/s/{token}`, its files and downloads: open to anyone with the link, within the client
    /// address's rate.
    private func addShareRoutes(to router: some RouterMethods<GlintRequestContext>, access: PageAccess<Source>) {
        let share = ShareRoutes(source: source, secret: secret, now: { access.now() }, logger: logger)
        router.get("/s/{token}") { request, context in
            if let limited = access.limit(request, context: context) { return limited }
            return await share.page(token: context.parameters.get("token") ?? "")
        }
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/s/{token}/still", method: method) { request, context in
                if let limited = access.limit(request, context: context) { return limited }
                return await share.file(\.still, token: context.parameters.get("token") ?? "", request: request, context: context)
            }
            router.on("/s/{token}/display", method: method) { request, context in
                if let limited = access.limit(request, context: context) { return limited }
                return await share.file(\.display, token: context.parameters.get("token") ?? "", request: request, context: context)
            }
            router.on("/s/{token}/motion", method: method) { request, context in
                if let limited = access.limit(request, context: context) { return limited }
                return await share.file(\.motion, token: context.parameters.get("token") ?? "", request: request, context: context)
            }
        }
        router.get("/s/{token}/download/{format}") { request, context in
            if let limited = access.limit(request, context: context) { return limited }
            return await share.download(
                token: context.parameters.get("token") ?? "", format: context.parameters.get("format") ?? "",
                request: request, context: context)
        }
    }
}
