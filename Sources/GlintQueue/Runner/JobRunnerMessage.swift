import Foundation

/// What the parent writes to a runner's standard input for each job: one JSON line.
struct JobRunnerRequest: Codable, Sendable {
    /// The job as claimed (kind, parameters, attempt, past errors).
    var job: Job
    /// The input files by name (copies in the runner's folder).
    var inputs: [String: String]
    /// The job's output folder, in the runner's folder.
    var outputDirectory: String
    /// The CPU time the job may use (RLIMIT_CPU, from what the runner used before it).
    var cpuSeconds: Int
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
