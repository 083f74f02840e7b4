import Foundation
import GRDB

/// How a `Job` maps onto a row of the `jobs` table and back: JSON text for inputs, outputs, errors
/// and progress; microseconds for times (`SQLiteTimestamp`).
enum SQLiteJobColumns {
    /// The columns a `Job` is read from, in this order.
    static let selection = """
        id, kind, queue, tenant, priority, parameters, inputs, outputs, state, attempt, max_attempts, \
        errors, progress, idempotency_key, batch, worker_id, lease_expires_at, cancel_requested, \
        scheduled_at, created_at, attempted_at, completed_at, cancelled_at, discarded_at, max_running
        """

    static func job(from row: Row) throws -> Job {
        let idText: String = row[0]
        guard let id = JobID(idText) else { throw corrupt("job id '\(idText)' is not a UUID") }
        let stateText: String = row[8]
        guard let state = JobState(rawValue: stateText) else { throw corrupt("job \(idText) has unknown state '\(stateText)'") }
        let parameters: String = row[5]
        return Job(
            id: id,
            kind: JobKind(rawValue: row[1]),
            queue: row[2],
            tenant: row[3],
            priority: row[4],
            parameters: Data(parameters.utf8),
            inputs: try decodeBlobs(row[6], job: idText),
            outputs: try decodeBlobs(row[7], job: idText),
            state: state,
            attempt: row[9],
            maxAttempts: row[10],
            errors: try decodeErrors(row[11], job: idText),
            progress: try decodeProgress(row[12], job: idText),
            idempotencyKey: row[13],
            batch: row[14],
            workerID: row[15],
            leaseExpiresAt: SQLiteTimestamp.date(row[16] as Int64?),
            cancelRequested: row[17],
            scheduledAt: SQLiteTimestamp.date(row[18] as Int64),
            createdAt: SQLiteTimestamp.date(row[19] as Int64),
            attemptedAt: SQLiteTimestamp.date(row[20] as Int64?),
            completedAt: SQLiteTimestamp.date(row[21] as Int64?),
            cancelledAt: SQLiteTimestamp.date(row[22] as Int64?),
            discardedAt: SQLiteTimestamp.date(row[23] as Int64?),
            maxRunning: row[24]
        )
    }

    // MARK: - JSON columns

    static func encodeBlobs(_ blobs: [String: BlobID]) -> String {
        if blobs.isEmpty { return "{}" }
        let object = blobs.mapValues(\.hex)
        // A dictionary of strings always serialises.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func decodeBlobs(_ text: String, job: String) throws -> [String: BlobID] {
        if text == "{}" { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String] else {
            throw corrupt("job \(job) has blob references that are not a JSON object of strings")
        }
        var blobs: [String: BlobID] = [:]
        for (name, hex) in object {
            guard let id = BlobID(hex) else { throw corrupt("job \(job) blob '\(name)' is not a SHA-256 id: \(hex)") }
            blobs[name] = id
        }
        return blobs
    }

    /// One attempt's error as stored: `at` in microseconds since 1970.
    private struct StoredError: Codable {
        var attempt: Int
        var at: Int64
        var code: String
        var message: String
    }

    static func encodeErrors(_ errors: [JobAttemptError]) throws -> String {
        if errors.isEmpty { return "[]" }
        let stored = errors.map { StoredError(attempt: $0.attempt, at: SQLiteTimestamp.microseconds($0.at), code: $0.code, message: $0.message) }
        return String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    }

    static func decodeErrors(_ text: String, job: String) throws -> [JobAttemptError] {
        if text == "[]" { return [] }
        do {
            return try JSONDecoder().decode([StoredError].self, from: Data(text.utf8)).map {
                JobAttemptError(attempt: $0.attempt, at: SQLiteTimestamp.date($0.at), code: $0.code, message: $0.message)
            }
        } catch {
            throw corrupt("job \(job) has attempt errors that do not decode: \(error)")
        }
    }

    static func encodeProgress(_ progress: JobProgress) throws -> String {
        String(decoding: try JSONEncoder().encode(progress), as: UTF8.self)
    }

    static func decodeProgress(_ text: String?, job: String) throws -> JobProgress? {
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(JobProgress.self, from: Data(text.utf8))
        } catch {
            throw corrupt("job \(job) has progress that does not decode: \(error)")
        }
    }

    private static func corrupt(_ problem: String) -> JobQueueError {
        JobQueueError(.storeUnavailable, "SQLite job store: \(problem)")
    }
}
