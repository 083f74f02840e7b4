import Hummingbird

/// The small page for a link that cannot be shown: expired or revoked (410 Gone) or unknown,
/// malformed or badly signed (404, the same page whichever, so nothing is revealed).
enum ShareUnavailablePage {
    case expired
    case revoked
    case notFound
    /// The files could not be read or a download could not be made (500; the cause is logged).
    case failed
    /// A download is still being made (503 with `Retry-After`): the share's renditions job has not
    /// finished yet.
    case preparing
    /// Too many requests from this client address (429 with `Retry-After`; ``PageAccess``).
    case rateLimited
    /// A sign-in or sign-out posted from another site (403; ``SameOriginCheck``).
    case refused

    /// Seconds a client waits before asking again for a download being made.
    static let preparingRetrySeconds = 5

    var status: HTTPResponse.Status {
        switch self {
        case .expired, .revoked: return .gone
        case .notFound: return .notFound
        case .failed: return .internalServerError
        case .preparing: return .serviceUnavailable
        case .rateLimited: return .tooManyRequests
        case .refused: return .forbidden
        }
    }

    private var heading: String {
        switch self {
        case .expired: return "This link has expired"
        case .revoked: return "This link was turned off"
        case .notFound: return "This link does not exist"
        case .failed: return "Something went wrong"
        case .preparing: return "This download is being prepared"
        case .rateLimited: return "Too many requests"
        case .refused: return "This request was refused"
        }
    }

    private var explanation: String {
        switch self {
        case .expired: return "Shared links work for a limited time. Ask the person who shared it for a new link."
        case .revoked: return "The person who shared this photo has stopped sharing it."
        case .notFound: return "Check that the whole link was copied, or ask for a new one."
        case .failed: return "The photo could not be sent just now. Try again in a moment."
        case .preparing: return "It will be ready in a few seconds. Try again in a moment."
        case .rateLimited: return "Wait a moment, then try again."
        case .refused: return "Sign in and out from this site's own pages."
        }
    }

    /// The page as a response with its status.
    var response: Response {
        var response = page
        if self == .preparing { response.headers[.retryAfter] = String(Self.preparingRetrySeconds) }
        return response
    }

    /// The page with `Retry-After: seconds` (``rateLimited``).
    func response(retryAfter seconds: Int) -> Response {
        var response = page
        response.headers[.retryAfter] = String(max(seconds, 1))
        return response
    }

    private var page: Response {
        PageHeaders.html(
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading.htmlEscaped) · Glint</title>
            <link rel="stylesheet" href="\(PageAssets.share.versionedPath)">
            </head>
            <body class="share-page unavailable" data-unavailable="\(String(describing: self))">
            <main>
            <h1>\(heading.htmlEscaped)</h1>
            <p>\(explanation.htmlEscaped)</p>
            </main>
            </body>
            </html>
            """, status: status)
    }
}
