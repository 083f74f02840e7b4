import Foundation

/// Where a store lives, as `--store` spells it: `sqlite:PATH` (a file, created when missing) or a
/// PostgreSQL URL (`postgres://user@host:port/database`, also `postgresql://`; a password in it is
/// never printed: ``description`` hides it).
public enum JobStoreLocation: Hashable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// The default: `sqlite:<dataDirectory>/queue.sqlite`.
    public static func defaultLocation(dataDirectory: String) -> JobStoreLocation {
        .sqlite(path: (dataDirectory as NSString).appendingPathComponent("queue.sqlite"))
    }

    public init(parsing text: String) throws(JobQueueError) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw JobQueueError(.invalidStoreLocation, "store '\(text)': sqlite: needs a file path") }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            guard let url = URLComponents(string: text), url.host?.isEmpty == false else {
                throw JobQueueError(
                    .invalidStoreLocation, "store '\(Self.redactingPassword(text))': not a PostgreSQL URL (postgres://user@host:port/database)")
            }
            self = .postgres(url: text)
        } else {
            throw JobQueueError(
                .invalidStoreLocation, "store '\(Self.redactingPassword(text))': expected sqlite:PATH or postgres://user@host:port/database")
        }
    }

    /// Printable, with any password hidden.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let text): return Self.redactingPassword(text)
        }
    }

    /// `text` with the password of its user information, if any, replaced by `***`
    /// (`postgres://glint:***@db/glint`). Works on text that does not parse as a URL too, so that
    /// no error message about a malformed URL can echo a password.
    public static func redactingPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<rest.index(after: colon)]) + "***" + String(text[at...])
    }
}
