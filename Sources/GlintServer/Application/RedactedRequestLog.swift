import Hummingbird
import Logging

/// Logs every request (its method and path) with no secret in the line: a share link's token
/// (`/s/<token>/...`) is replaced by `<redacted>`, the query string is left out (a client may put
/// anything there), and no header is logged (`Authorization` carries API keys, `Cookie` the
/// dashboard's session). Used instead of Hummingbird's `LogRequestsMiddleware`, which logs the
/// whole URI.
struct RedactedRequestLog<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    init(_ level: Logger.Level) {
        self.level = level
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.log(
            level: level, "request",
            metadata: ["method": .string(request.method.rawValue), "path": .string(RequestPathRedaction.loggedPath(request.uri.path))])
        return try await next(request, context)
    }
}

/// How request paths appear in logs (``RedactedRequestLog``, ``ProblemMiddleware``).
enum RequestPathRedaction {
    /// What stands for a redacted path segment.
    static let placeholder = "<redacted>"
    /// The first segments of paths whose next segment is a secret: `s` (share links).
    static let secretAfter: Set<String> = ["s"]

    /// `path` (no query) with the segment after a share link's `s` replaced by ``placeholder``:
    /// `/s/AbC.../still` is `/s/<redacted>/still`. The first non-empty segment is compared
    /// percent-decoded, so `/%73/<token>` is redacted too.
    static func loggedPath(_ path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let first = segments.firstIndex(where: { !$0.isEmpty }), first + 1 < segments.count,
            secretAfter.contains(segments[first].removingPercentEncoding ?? segments[first])
        else { return path }
        segments[first + 1] = placeholder
        return segments.joined(separator: "/")
    }
}
