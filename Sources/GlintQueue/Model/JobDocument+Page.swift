extension JobDocument {
    /// One page of jobs as `GET /v1/jobs` sends it: `{"jobs": [...], "nextCursor": ...}`, the
    /// cursor `null` on the last page.
    public struct Page: Codable, Sendable {
        public var jobs: [JobDocument]
        /// What to pass as `cursor` for the next page; nil on the last.
        public var nextCursor: String?

        public init(jobs: [JobDocument], nextCursor: String?) {
            self.jobs = jobs
            self.nextCursor = nextCursor
        }

        enum CodingKeys: String, CodingKey { case jobs, nextCursor }

        /// The cursor is written even when it is `null`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(jobs, forKey: .jobs)
            try container.encode(nextCursor, forKey: .nextCursor)
        }
    }
}
