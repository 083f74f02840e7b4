import Crypto
import Foundation
import Hummingbird
import HummingbirdAuth

/// Authenticates `Authorization: Bearer glint_<id>_<secret>` against the server store and puts
/// the key's tenant in the context. A missing, malformed, unknown or revoked key is a 401
/// `unauthorized` problem (with `WWW-Authenticate: Bearer`).
public struct APIKeyAuthenticator: RouterMiddleware {
    public typealias Context = GlintRequestContext
    let store: any ServerStore

    public init(store: any ServerStore) {
        self.store = store
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let bearer = request.headers.bearer else {
            throw Problem(.unauthorized, detail: "missing API key: send Authorization: Bearer glint_<id>_<secret>")
        }
        guard let key = APIKey(parsing: bearer.token) else {
            throw Problem(.unauthorized, detail: "the API key is not of the form glint_<id>_<secret>")
        }
        guard let record = try await store.key(id: key.id),
            Self.constantTimeEqual(record.hash, key.hash)
        else {
            throw Problem(.unauthorized, detail: "unknown API key glint_\(key.id)_…")
        }
        guard record.revokedAt == nil else {
            throw Problem(.unauthorized, detail: "API key glint_\(key.id)_… was revoked")
        }
        var context = context
        context.tenant = record.tenant
        context.logger[metadataKey: "tenant"] = "\(record.tenant)"
        return try await next(request, context)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
