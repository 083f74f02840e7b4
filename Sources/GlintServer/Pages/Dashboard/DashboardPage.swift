import GlintQueue

/// The dashboard's markup (`GET /`): queue depth by state, throughput over the last hour,
/// recent jobs with thumbnails. Rendered complete on the server; `dashboard.js` refreshes it
/// from `data.json` every few seconds.
struct DashboardPage {
    var data: DashboardData
    /// Who signed in: named in the header, beside the sign-out button.
    var viewer: PageViewer

    func render() -> String {
        let counts = JobState.allCases.map { state in
            """
            <div class="count" data-state="\(state.rawValue)"><span class="number">\(data.counts[state.rawValue] ?? 0)</span>\
            <span class="label">\(state.rawValue)</span></div>
            """
        }.joined(separator: "\n")
        let jobs = data.recentJobs.map(Self.row).joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Glint · Dashboard</title>
            <link rel="stylesheet" href="\(PageAssets.dashboard.versionedPath)">
            <script src="\(PageAssets.dashboardScript.versionedPath)" defer></script>
            </head>
            <body class="dashboard" data-generated-at="\(data.generatedAt.htmlEscaped)">
            <header><h1>Glint</h1><p class="updated">Updated <time>\(data.generatedAt.htmlEscaped)</time></p>
            <form class="session" method="post" action="/logout"><span class="viewer">\(data.scope.htmlEscaped) · key \
            <code>\(viewer.keyID.htmlEscaped)</code></span> <button type="submit">Sign out</button></form></header>
            <main>
            <section aria-labelledby="queue-heading"><h2 id="queue-heading">Queue</h2>
            <div class="counts">
            \(counts)
            </div></section>
            <section aria-labelledby="throughput-heading"><h2 id="throughput-heading">Completed per minute, last hour</h2>
            <div class="chart">\(ThroughputChart(perMinute: data.throughput.perMinute).render())
            <div class="axis"><span>60 min ago</span><span>now</span></div></div>
            <p class="total"><span class="number">\(data.throughput.total)</span> completed in the last hour</p>
            </section>
            <section aria-labelledby="recent-heading"><h2 id="recent-heading">Recent jobs</h2>
            <ul class="jobs">
            \(jobs.isEmpty ? "<li class=\"empty\">No jobs yet.</li>" : jobs)
            </ul></section>
            </main>
            </body>
            </html>
            """
    }

    /// One recent job: thumbnail (or a placeholder), short id, kind, state, creation time.
    static func row(_ job: DashboardData.RecentJob) -> String {
        let picture =
            job.thumbnail.map { "<img src=\"\($0.htmlEscaped)\" alt=\"\" loading=\"lazy\" width=\"64\" height=\"64\">" }
            ?? "<span class=\"placeholder\" aria-hidden=\"true\"></span>"
        return """
            <li class="job" data-state="\(job.state.htmlEscaped)"><a href="\(job.url.htmlEscaped)">\(picture)\
            <span class="details"><code>\(String(job.id.prefix(8)).htmlEscaped)</code> <span class="kind">\(job.kind.htmlEscaped)</span>\
            <span class="state">\(job.state.htmlEscaped)</span><time datetime="\(job.createdAt.htmlEscaped)">\(job.createdAt.htmlEscaped)</time>\
            </span></a></li>
            """
    }
}
