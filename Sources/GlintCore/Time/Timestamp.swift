import Foundation

/// Dates as Glint writes them for people and in JSON documents: ISO 8601 in UTC, with milliseconds
/// (`2026-03-01T12:30:05.250Z`) unless whole seconds are asked for.
///
/// This is the one formatter of the API's documents, `glint ... --json`, the share page and the
/// dashboard. How stores keep dates (SQLite microseconds, PostgreSQL `timestamptz`) is storage, not
/// this, and stays with each store.
public enum Timestamp {
    private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSeconds = Date.ISO8601FormatStyle()

    /// The date in ISO 8601, UTC.
    /// - Parameters:
    ///   - date: The moment to write.
    ///   - fractionalSeconds: Whether to write milliseconds (`.250`); true by default, as the API does.
    public static func string(from date: Date, fractionalSeconds: Bool = true) -> String {
        date.formatted(fractionalSeconds ? withMilliseconds : wholeSeconds)
    }

    /// The date an ISO 8601 timestamp names, with or without fractional seconds; nil when `text` is
    /// not one.
    public static func date(from text: String) -> Date? {
        (try? withMilliseconds.parse(text)) ?? (try? wholeSeconds.parse(text))
    }
}
