public import Foundation
import GlintQueue
public import Hummingbird
public import Logging

/// The pages people look at, added to a Hummingbird router: the share page and its files and
/// downloads (`/s/{token}...`), the dashboard (`/`, `/dashboard/...`) and their static files
/// (`/assets/...`). None needs an API key. Whatever goes wrong, a person gets a small page with
/// the right status, never a stack trace; the cause is logged.
public struct PageRoutes<Source: PageDataSource>: Sendable {
    let source: Source
    let secret: ShareTokenSecret
    let now: @Sendable () -> Date
    let logger: Logger

    /// - Parameters:
    ///   - source: Where shares, outputs and queue numbers come from.
    ///   - secret: The secret share tokens are signed with (the `server-secret` file).
    ///   - now: The clock expiry is checked against (injected in tests).
    ///   - logger: Where failures are logged.
    public init(
        source: Source, secret: ShareTokenSecret, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "glint.pages")
    ) {
        self.source = source
        self.secret = secret
        self.now = now
        self.logger = logger
    }

    /// Adds every page route to `router`.
    public func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let share = ShareRoutes(source: source, secret: secret, now: now, logger: logger)
        router.get("/s/{token}") { _, context in await share.page(token: context.parameters.get("token") ?? "") }
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/s/{token}/still", method: method) { request, context in
                await share.file(\.still, token: context.parameters.get("token") ?? "", request: request, context: context)
            }
            router.on("/s/{token}/display", method: method) { request, context in
                await share.file(\.display, token: context.parameters.get("token") ?? "", request: request, context: context)
            }
            router.on("/s/{token}/motion", method: method) { request, context in
                await share.file(\.motion, token: context.parameters.get("token") ?? "", request: request, context: context)
            }
        }
        router.get("/s/{token}/download/{format}") { request, context in
            await share.download(
                token: context.parameters.get("token") ?? "", format: context.parameters.get("format") ?? "",
                request: request, context: context)
        }
        let dashboard = DashboardRoutes(source: source, now: now, logger: logger)
        router.get("/") { _, _ in await dashboard.page() }
        router.get("/dashboard/data.json") { _, _ in await dashboard.data() }
        router.get("/dashboard/jobs/{id}/thumbnail") { request, context in
            await dashboard.thumbnail(job: context.parameters.get("id") ?? "", request: request, context: context)
        }
        router.get("/assets/{name}") { request, context in
            AssetResponses.asset(named: context.parameters.get("name") ?? "", request: request)
        }
    }
}
