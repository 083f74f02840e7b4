import GlintMedia

/// What a library run did, for people and (with `--json`) machines: counts per outcome, each
/// failure with its path, code and message, and each item with its outputs.
public struct LibrarySummary: Sendable, Codable, Equatable {
    /// How many items (or files) ended each way.
    public struct Counts: Sendable, Codable, Equatable {
        /// Live Photos converted.
        public var livePhotos = 0
        /// Motion Photos converted.
        public var motionPhotos = 0
        /// Plain photos converted.
        public var photos = 0
        /// Items skipped because their outputs were all there (`--skip-existing`).
        public var skipped = 0
        /// Items that failed, and files that could not be read.
        public var failed = 0
        /// Movies whose still is not among the files given.
        public var unpairedMovies = 0
        /// Files in the folders that are not media (Takeout sidecars among them).
        public var ignored = 0
        /// Files left out because an earlier file has the same bytes.
        public var duplicates = 0
        /// Items that have a Google Takeout sidecar.
        public var withSidecar = 0
    }

    /// How one item ended.
    public enum Outcome: String, Sendable, Codable {
        case converted
        case skipped
        case failed
    }

    /// One item and what became of it.
    public struct ItemResult: Sendable, Codable, Equatable {
        public var kind: LibraryItemKind
        /// The files it is made from, still first.
        public var inputs: [String]
        public var outcome: Outcome
        /// The files under the output folder (written, or found there when skipped).
        public var outputs: [String]
        /// Things the user should know (a re-encoded still, ignored recipe keys).
        public var notes: [String]
        /// Why it failed, when it did.
        public var failure: LibraryFailure?
        /// Its Google Takeout sidecar, when it has one.
        public var sidecar: String?
    }

    /// The output folder, absolute.
    public var output: String
    public var counts: Counts
    /// Items that failed and files that could not be read, in the order found.
    public var failures: [LibraryFailure]
    public var items: [ItemResult]
    public var unpairedMovies: [UnpairedFile]
    public var ignored: [String]
    /// Files left out because an earlier one has the same bytes, and that one.
    public var duplicates: [LibraryDuplicate]

    /// The summary of `results` for `plan`.
    init(output: String, plan: LibraryPlan, results: [ItemResult]) {
        self.output = output
        items = results
        unpairedMovies = plan.unpairedMovies
        ignored = plan.ignored
        duplicates = plan.duplicates
        failures = plan.unreadable + results.compactMap(\.failure)
        counts = Counts()
        counts.unpairedMovies = plan.unpairedMovies.count
        counts.ignored = plan.ignored.count
        counts.duplicates = plan.duplicates.count
        counts.withSidecar = results.filter { $0.sidecar != nil }.count
        counts.failed = failures.count
        for result in results where result.outcome == .converted {
            switch result.kind {
            case .livePhoto: counts.livePhotos += 1
            case .motionPhoto: counts.motionPhotos += 1
            case .photo: counts.photos += 1
            }
        }
        counts.skipped = results.filter { $0.outcome == .skipped }.count
    }
}
