import Hummingbird

/// The request context of every Glint route: Hummingbird's core storage plus the tenant that the
/// API key authenticated (nil on routes that need no key).
public struct GlintRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `APIKeyAuthenticator` on `/v1` routes.
    public var tenant: String?
    /// The key's limits, the server's defaults filling those it leaves out (set with `tenant`).
    public var limits: KeyLimits

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        tenant = nil
        limits = .unlimited
    }

    /// JSON bodies (jobs, batches, shares) are decoded up to 4 MiB; uploads stream and have their own limit.
    public var maxUploadSize: Int { 4 << 20 }

    /// The authenticated tenant.
    /// - Throws: an `unauthorized` problem when the route ran without authentication.
    public func requireTenant() throws(Problem) -> String {
        guard let tenant else { throw Problem(.unauthorized, detail: "an API key is required: Authorization: Bearer glint_<id>_<secret>") }
        return tenant
    }
}
