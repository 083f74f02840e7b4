import Foundation

/// The JSON the PostgreSQL store keeps in `jsonb` columns: dates as seconds since 1970, so that SQL
/// that appends an attempt error (crash rescue) writes the same shape Swift reads.
enum PostgresJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String, job: JobID) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(T.self, from: Data(text.utf8))
        } catch {
            throw JobQueueError(.storeUnavailable, "job \(job): unreadable JSON in glint_jobs (\(error))")
        }
    }

    /// The part of an attempt error that does not depend on the row (`attempt` is added in SQL).
    struct AttemptErrorFields: Encodable {
        var at: Date
        var code: String
        var message: String
    }
}

extension Date {
    /// This date as PostgreSQL keeps it: whole microseconds (postgres-nio truncates toward zero when it
    /// binds a `Date`). Stores stamp times with this, so that what they return and what they read back
    /// are equal.
    var postgresPrecision: Date {
        let start = Date(timeIntervalSince1970: 946_684_800)
        let microseconds = Int64(timeIntervalSince(start) * 1_000_000)
        return Date(timeInterval: Double(microseconds) / 1_000_000, since: start)
    }
}
