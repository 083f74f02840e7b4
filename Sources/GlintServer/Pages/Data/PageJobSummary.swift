import Foundation
public import GlintQueue

/// One line of the dashboard's recent jobs.
public struct PageJobSummary: Sendable, Hashable {
    public var id: JobID
    public var kind: JobKind
    public var state: JobState
    public var createdAt: Date
    /// When it completed, was cancelled or was discarded; nil while it is not finished.
    public var finishedAt: Date?
    /// Whether ``PageDataSource/thumbnail(job:)`` has an image for it (an image output).
    public var hasThumbnail: Bool

    /// - Parameters:
    ///   - id: The job.
    ///   - kind: What it runs.
    ///   - state: Where it is.
    ///   - createdAt: When it was submitted.
    ///   - finishedAt: When it finished, if it has.
    ///   - hasThumbnail: Whether it has an image output to show.
    public init(id: JobID, kind: JobKind, state: JobState, createdAt: Date, finishedAt: Date?, hasThumbnail: Bool) {
        self.id = id
        self.kind = kind
        self.state = state
        self.createdAt = createdAt
        self.finishedAt = finishedAt
        self.hasThumbnail = hasThumbnail
    }
}
