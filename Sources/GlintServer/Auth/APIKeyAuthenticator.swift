import Crypto
import Foundation
import Hummingbird
import HummingbirdAuth

/// Authenticates `Authorization: Bearer glint_<id>_<secret>` against the server store and puts
/// the key's tenant and limits in the context. A missing, malformed, unknown or revoked key is a
/// 401 `unauthorized` problem (with `WWW-Authenticate: Bearer`); a request over the key's rate is a
/// 429 `rate-limited` one (``RequestRateLimiter``).
public struct APIKeyAuthenticator: RouterMiddleware {
    public typealias Context = GlintRequestContext
    let store: any ServerStore
    let defaultLimits: KeyLimits
    let rateLimiter: RequestRateLimiter

    public init(store: any ServerStore, defaultLimits: KeyLimits = .unlimited, rateLimiter: RequestRateLimiter = RequestRateLimiter()) {
        self.store = store
        self.defaultLimits = defaultLimits
        self.rateLimiter = rateLimiter
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let bearer = request.headers.bearer else {
            throw Problem(.unauthorized, detail: "missing API key: send Authorization: Bearer glint_<id>_<secret>")
        }
        let record = try await store.verifiedKey(text: bearer.token)
        let limits = record.limits.over(defaultLimits)
        if let rate = limits.rate {
            try rateLimiter.admit(key: record.id, rate: rate, burst: limits.burst ?? KeyLimits.defaultBurst(rate: rate))
        }
        var context = context
        context.tenant = record.tenant
        context.limits = limits
        context.keyID = record.id
        context.logger[metadataKey: "tenant"] = "\(record.tenant)"
        return try await next(request, context)
    }
}
