import Foundation

/// The one check of a key's text, shared by everything that takes a key: the API's
/// `Authorization: Bearer` (``APIKeyAuthenticator``), the dashboard's bearer token and its sign-in
/// form (`POST /login`).
extension ServerStore {
    /// The live key whose whole text is `text`: parsed (`glint_<id>_<secret>`), looked up by its
    /// id, its SHA-256 compared with the stored one in constant time, and not revoked.
    /// - Throws: an `unauthorized` problem naming only the key's id (never its secret) when the
    ///   text is malformed, unknown, does not match or was revoked; the store's own errors as they are.
    func verifiedKey(text: String) async throws -> APIKeyRecord {
        guard let given = APIKey(parsing: text) else {
            throw Problem(.unauthorized, detail: "the API key is not of the form glint_<id>_<secret>")
        }
        guard let record = try await self.key(id: given.id), APIKeyVerification.constantTimeEqual(record.hash, given.hash) else {
            throw Problem(.unauthorized, detail: "unknown API key \(given)")
        }
        guard record.revokedAt == nil else {
            throw Problem(.unauthorized, detail: "API key \(given) was revoked")
        }
        return record
    }
}

/// Comparisons of secrets that take the same time wherever the first difference is.
enum APIKeyVerification {
    /// Whether `a` and `b` are the same text, in time that depends only on their length.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
