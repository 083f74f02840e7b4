import Hummingbird

/// The dashboard's sign-in form (`GET /login`, and what `/` answers with 401 to a request that is
/// not signed in): one password field for an API key, posted to `/login`. An operator's key
/// (`glint keys create --operator`) shows every tenant; any other key its own tenant.
struct LoginPage {
    /// Why the form is shown again, if it is.
    enum Notice {
        case none
        /// The key was not a live key.
        case rejected
    }

    var notice: Notice = .none

    /// The form as a response: `status` 401 carries `WWW-Authenticate` (a bearer key also works).
    func response(status: HTTPResponse.Status = .ok) -> Response {
        var response = PageHeaders.html(render(), status: status)
        response.headers[PageHeaders.referrerPolicy] = SameOriginCheck.formPagesReferrerPolicy
        if status == .unauthorized { response.headers[.wwwAuthenticate] = #"Bearer realm="glint dashboard""# }
        return response
    }

    func render() -> String {
        let error = notice == .rejected ? #"<p class="error" role="alert">That key was not accepted.</p>"# : ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Sign in · Glint</title>
            <link rel="stylesheet" href="\(PageAssets.dashboard.versionedPath)">
            </head>
            <body class="login">
            <main>
            <h1>Glint</h1>
            <form method="post" action="/login">
            <label for="key">API key</label>
            <input id="key" name="key" type="password" autocomplete="off" spellcheck="false" required \
            placeholder="glint_…" pattern="glint_[0-9a-f]{12}_[0-9A-Za-z]{32}">
            \(error)
            <button type="submit">Sign in</button>
            </form>
            </main>
            </body>
            </html>
            """
    }
}
