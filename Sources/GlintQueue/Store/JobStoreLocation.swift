import Foundation

/// Where a store lives, as `--store` spells it: `sqlite:PATH` (a file, created when missing) or a
/// PostgreSQL URL (`postgres://user:password@host:port/database`, also `postgresql://`).
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
                throw JobQueueError(.invalidStoreLocation, "store '\(text)': not a PostgreSQL URL (postgres://user:password@host:port/database)")
            }
            self = .postgres(url: text)
        } else {
            throw JobQueueError(.invalidStoreLocation, "store '\(text)': expected sqlite:PATH or postgres://user:password@host:port/database")
        }
    }

    /// Printable, with any password hidden.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let text):
            guard var url = URLComponents(string: text), url.password != nil else { return text }
            url.password = "***"
            return url.string ?? "postgres://***"
        }
    }
}
