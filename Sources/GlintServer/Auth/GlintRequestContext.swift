import Hummingbird

/// The request context of every Glint route: Hummingbird's core storage plus the tenant that the
/// API key authenticated (nil on routes that need no key).
public struct GlintRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `APIKeyAuthenticator` on `/v1` routes.
    public var tenant: String?
    /// The key's limits, the server's defaults filling those it leaves out (set with `tenant`).
    public var limits: KeyLimits
    /// The id of the API key that authenticated the request (set with `tenant`): its webhook
    /// secret signs the callbacks of the jobs it submits.
    public var keyID: String?
    /// The TCP peer's address (a proxy's, behind one: ``ClientAddressResolver`` finds the client);
    /// nil when unknown (a Unix socket, a test's channel).
    public let peerAddress: IPAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        tenant = nil
        limits = .unlimited
        keyID = nil
        peerAddress = source.channel.remoteAddress.flatMap { IPAddress($0) }
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
