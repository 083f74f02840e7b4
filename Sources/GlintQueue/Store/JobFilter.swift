/// Which jobs a listing shows. Empty sets match everything.
public struct JobFilter: Hashable, Sendable {
    public var tenant: String?
    public var states: Set<JobState>
    public var kinds: Set<JobKind>
    public var queue: String?
    public var batch: String?
    /// Page size, 1...1000.
    public var limit: Int
    /// The `nextCursor` of the previous page; nil for the first.
    public var cursor: String?

    public init(
        tenant: String? = nil, states: Set<JobState> = [], kinds: Set<JobKind> = [], queue: String? = nil,
        batch: String? = nil, limit: Int = 100, cursor: String? = nil
    ) {
        self.tenant = tenant
        self.states = states
        self.kinds = kinds
        self.queue = queue
        self.batch = batch
        self.limit = min(max(limit, 1), 1000)
        self.cursor = cursor
    }
}

/// One page of a listing, newest first. Job ids are time-ordered (`JobID.timeOrdered(at:)`), so
/// newest first is by creation millisecond; within one millisecond a store orders by `createdAt`
/// then id (SQLite) or by id (PostgreSQL, whose listing walks the primary key), which agree for the
/// jobs of one process.
public struct JobPage: Hashable, Sendable {
    public var jobs: [Job]
    /// Pass as `JobFilter.cursor` for the next page; nil on the last page. Opaque to callers.
    public var nextCursor: String?

    public init(jobs: [Job], nextCursor: String?) {
        self.jobs = jobs
        self.nextCursor = nextCursor
    }
}
