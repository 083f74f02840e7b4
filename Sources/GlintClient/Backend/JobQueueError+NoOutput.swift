import GlintQueue

extension JobQueueError {
    /// The job has no output of that name (the error lists the ones it has).
    static func noOutput(named name: String, in id: JobID, state: String, outputs: [String]) -> JobQueueError {
        JobQueueError(
            .blob,
            "job \(id) (\(state)) has no output named '\(name)'"
                + (outputs.isEmpty ? "" : " (outputs: \(outputs.sorted().joined(separator: ", ")))"))
    }
}
