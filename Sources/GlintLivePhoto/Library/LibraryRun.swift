import Foundation
import GlintMedia

#if canImport(Glibc)
    import Glibc
#endif

/// Converts every item of a ``LibraryPlan`` into an output folder, `jobs` at a time, the way
/// `glint export` and `glint edit` do for folders:
///
/// - Before any work, every item's output paths are known (the converter's ``Converter/names``);
///   two items that would write the same path (compared ignoring case, as a Mac or an exFAT disk
///   does), or an output that is an input, stop the run with nothing written.
/// - Each item is converted into its own folder inside ``LibraryStaging`` (beside the output
///   folder) and its finished files are synced and renamed into place: a run killed at any moment
///   leaves no partial or temporary file under the output folder. Items done within moments of
///   each other are committed together, with one sync for all of their files.
/// - With ``Options/skipExisting``, an item whose outputs are all there is skipped: only whole
///   files are ever renamed into place, so an interrupted run is simply run again.
/// - With ``Options/takeoutMetadata``, each output that lacks a capture date or location is given
///   the one its item's Google Takeout sidecar has (``CaptureFactsWriter``), before it is renamed
///   into place.
/// - One item's failure is recorded and never stops the others.
public enum LibraryRun {
    /// How a run goes.
    public struct Options: Sendable {
        /// The output folder; outputs go below it at their item's ``LibraryItem/outputFolder``.
        public var output: String
        /// Items converted at once.
        public var jobs: Int
        /// Skip items whose outputs are all there already.
        public var skipExisting: Bool
        /// Give outputs the capture date and location their Takeout sidecar has and they lack.
        public var takeoutMetadata: Bool

        public init(
            output: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, skipExisting: Bool = false, takeoutMetadata: Bool = true
        ) {
            self.output = output
            self.jobs = jobs
            self.skipExisting = skipExisting
            self.takeoutMetadata = takeoutMetadata
        }
    }

    /// What converting one item wrote into its staging folder.
    public struct Converted: Sendable {
        /// The files written (paths inside the staging folder).
        public var files: [String]
        public var notes: [String]
        /// The files already given their item's sidecar facts as they were written (see
        /// ``Converter/convert``), and what each got; the run gives the others theirs.
        public var filled: [String: CaptureFactsWriter.Filled]

        public init(files: [String], notes: [String] = [], filled: [String: CaptureFactsWriter.Filled] = [:]) {
            self.files = files
            self.notes = notes
            self.filled = filled
        }
    }

    /// What a run does to each item.
    public struct Converter: Sendable {
        /// The names of the files `item` gives, known before any work.
        public var names: @Sendable (LibraryItem) -> [String]
        /// Converts `item` into the folder given (empty, inside the staging folder). The item's
        /// sidecar, when it has one, holds the facts its outputs are to be given (none when the
        /// run gives none, no location when the converter removes it): a converter may give them
        /// as it writes a file (and says so in ``Converted/filled``), or leave it to the run.
        public var convert: @Sendable (LibraryItem, String) throws -> Converted
        /// Whether the converter removes the location from what it writes: the run then gives
        /// outputs no sidecar location either.
        public var removesLocation: Bool

        public init(
            names: @escaping @Sendable (LibraryItem) -> [String], convert: @escaping @Sendable (LibraryItem, String) throws -> Converted,
            removesLocation: Bool = false
        ) {
            self.names = names
            self.convert = convert
            self.removesLocation = removesLocation
        }
    }

    /// Runs `converter` over every item of `plan`.
    /// - Parameters:
    ///   - staged: Told the staging folder once it exists (a command removes it on SIGINT).
    ///   - progress: Told the items done and the total, one call at a time.
    /// - Throws: ``MediaError`` for a collision or an output folder that cannot be used, before
    ///   any work; an item's failure is in the summary, not thrown.
    public static func run(
        _ plan: LibraryPlan, options: Options, converter: Converter, staged: (LibraryStaging) -> Void = { _ in },
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> LibrarySummary {
        let staging = try LibraryStaging(output: options.output)
        defer { staging.remove() }
        let destinations = try plannedDestinations(plan, output: staging.output, names: converter.names)
        staged(staging)
        let total = plan.items.count
        // Items are converted into the staging folder and committed (synced, then renamed into
        // place) in groups, each thread's finished items together (LibraryRun+Commit.swift).
        let results = ConcurrentItems.map(
            Array(plan.items.indices), jobs: options.jobs, groupSize: commitGroupSize, groupWait: commitGroupWait,
            progress: { progress?($0, total) },
            { index in stage(plan.items[index], to: destinations[index], options: options, staging: staging, converter: converter) },
            finish: { commit($0, staging: staging) })
        return LibrarySummary(output: staging.output, plan: plan, results: results)
    }

    /// Each item's output paths, in the plan's order.
    /// - Throws: ``MediaError`` `.invalidArgument` naming the first collision, or an output that
    ///   would replace a file the scan found.
    static func plannedDestinations(_ plan: LibraryPlan, output: String, names: (LibraryItem) -> [String]) throws -> [[String]] {
        // Every file the scan found is an input, those left out too (a movie that pairs with
        // nothing, an unreadable file, a sidecar): no output may replace one.
        let found =
            plan.items.flatMap { $0.inputs + $0.companions } + plan.unpairedMovies.map(\.path) + plan.unreadable.map(\.path) + plan.ignored
            + plan.duplicates.map(\.path)
        let inputs = Set(found.compactMap(FileIdentity.init(path:)))
        var claimed: [String: LibraryItem] = [:]
        return try plan.items.map { item in
            let folder = item.outputFolder.isEmpty ? output : (output as NSString).appendingPathComponent(item.outputFolder)
            return try names(item).map { name in
                let destination = (folder as NSString).appendingPathComponent(name)
                if let identity = FileIdentity(path: destination), inputs.contains(identity) {
                    throw MediaError(.invalidArgument, file: item.inputs[0], "its output \(destination) would overwrite an input: choose another --out folder")
                }
                if let other = claimed.updateValue(item, forKey: destination.lowercased()) {
                    guard other != item else {
                        throw MediaError(.invalidArgument, file: item.inputs[0], "its still and its movie would both write \(destination)")
                    }
                    throw MediaError(
                        .invalidArgument, file: item.inputs[0],
                        "it and \(other.inputs[0]) would both write \(destination) (names compared ignoring case): "
                            + "rename one, or convert them into different --out folders")
                }
                return destination
            }
        }
    }

    /// A regular file with something in it: only finished files are ever renamed into place.
    static func isCompleteFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_size > 0
    }
}
