import Foundation

/// What the parent writes to a runner's standard input: one JSON document.
struct JobRunnerRequest: Codable, Sendable {
    /// The job as claimed (kind, parameters, attempt, past errors).
    var job: Job
    /// The staged input files by name (read-only links to blobs).
    var inputs: [String: String]
    /// The attempt's output folder, the one place the runner writes.
    var outputDirectory: String
}

/// One line a runner writes to standard output: progress while it works, then one result
/// (outputs, or an error).
struct JobRunnerLine: Codable, Sendable {
    var progress: JobProgress?
    /// Output files by name (paths inside the output folder).
    var outputs: [String: String]?
    var error: JobRunnerFailure?

    /// A typed error, as the handler threw it.
    struct JobRunnerFailure: Codable, Sendable {
        var code: String
        var message: String
        var permanent: Bool
    }

    static func progress(_ progress: JobProgress) -> JobRunnerLine { JobRunnerLine(progress: progress) }
}
