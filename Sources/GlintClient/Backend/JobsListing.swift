import GlintQueue

/// One page of jobs, newest first.
public struct JobsListing: Sendable {
    public var jobs: [JobDocument]
    /// Jobs by state (nil where the backend does not say).
    public var counts: [String: Int]?
    /// What to pass as the filter's cursor for the next page; nil on the last.
    public var nextCursor: String?

    public init(jobs: [JobDocument], counts: [String: Int]?, nextCursor: String?) {
        self.jobs = jobs
        self.counts = counts
        self.nextCursor = nextCursor
    }
}
