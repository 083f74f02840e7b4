/// Every static file the pages serve, by name.
enum PageAssets {
    static let share = PageAsset(name: "share.css", contentType: "text/css; charset=utf-8", body: ShareStyle.css)
    static let shareScript = PageAsset(name: "share.js", contentType: "text/javascript; charset=utf-8", body: ShareScript.source)
    static let dashboard = PageAsset(name: "dashboard.css", contentType: "text/css; charset=utf-8", body: DashboardStyle.css)
    static let dashboardScript = PageAsset(
        name: "dashboard.js", contentType: "text/javascript; charset=utf-8", body: DashboardScript.source)

    static let all: [String: PageAsset] = Dictionary(
        uniqueKeysWithValues: [share, shareScript, dashboard, dashboardScript].map { ($0.name, $0) })
}
