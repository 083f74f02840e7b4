import Crypto
import Foundation

/// A static file the pages use (`/assets/<name>`), kept in the binary: no resource bundle and
/// no external CDN. Pages link it as `/assets/<name>?v=<hash>`: that URL never changes meaning,
/// so it is cached for a year; the bare name is cached briefly.
struct PageAsset: Sendable {
    /// The file name under `/assets/`, such as `share.css`.
    let name: String
    let contentType: String
    let body: String
    /// The first 16 hex digits of the SHA-256 of ``body``: the version in links and the ETag.
    let version: String

    init(name: String, contentType: String, body: String) {
        self.name = name
        self.contentType = contentType
        self.body = body
        version = SHA256.hash(data: Data(body.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// `/assets/<name>?v=<version>`.
    var versionedPath: String { "/assets/\(name)?v=\(version)" }
}
