import Foundation

/// How the SQLite store keeps times: whole microseconds since 1970, as PostgreSQL's `timestamptz`
/// does. Every date goes through `normalized` before it is returned, so a job read back equals
/// the job the store handed out when it wrote it.
public enum SQLiteTimestamp {
    /// Whole microseconds since 1970.
    public static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// The date `microseconds` since 1970.
    public static func date(_ microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    /// The date, or nil for a NULL column.
    public static func date(_ microseconds: Int64?) -> Date? {
        microseconds.map { date($0) }
    }

    /// The date as the store will read it back.
    public static func normalized(_ date: Date) -> Date {
        self.date(microseconds(date))
    }
}
