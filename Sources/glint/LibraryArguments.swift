import ArgumentParser
import Foundation
import GlintCore
import GlintLivePhoto

#if canImport(Glibc)
    import Glibc
#endif

/// The arguments `glint export` and `glint edit` take for folders, and the one way a command runs
/// a library: planned with a progress bar, converted `--jobs` at a time with one progress bar
/// for the whole run, and reported as counts (text) or a ``LibrarySummary`` (`--json`).
struct LibraryArguments: ParsableArguments {
    @OptionGroup var folders: FolderArguments

    @Flag(help: "In folders, skip items whose outputs are all in --out already (run an interrupted run again).")
    var skipExisting = false

    @Flag(
        inversion: .prefixedNo,
        help: "Give outputs that lack a capture date or location the ones their Google Takeout .json sidecar has (when one is found).")
    var takeoutMetadata = true

    var recursive: Bool { folders.recursive }
    var jobs: Int { folders.jobs }

    /// Whether any of `paths` is a folder (the command then converts a library).
    static func namesFolder(_ paths: [String]) -> Bool {
        paths.contains { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// Converts the items found in `paths` into `out` with `converter` and reports the run.
    /// - Throws: `ExitCode(1)` when the run cannot start or any item or file failed.
    func run(_ paths: [String], out: String, json: Bool, converter: LibraryRun.Converter) throws {
        let bar = ProgressBar(quiet: json)
        let summary: LibrarySummary
        do {
            let plan = try LibraryPlan.make(
                paths, options: LibraryScan.Options(recursive: recursive), jobs: jobs,
                progress: { done, total in bar.update(Double(done) / Double(total), "reading \(done) of \(total) files") })
            let rate = ItemRate(total: plan.items.count)
            summary = try LibraryRun.run(
                plan, options: LibraryRun.Options(output: out, jobs: jobs, skipExisting: skipExisting, takeoutMetadata: takeoutMetadata), converter: converter,
                staged: InterruptCleanup.install, progress: { done, total in bar.update(Double(done) / Double(max(total, 1)), rate.label(done: done)) })
            bar.finish()
        } catch {
            bar.finish()
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
        if json {
            CommandOutput.printJSON(summary)
        } else {
            for line in Self.lines(summary) { print(line) }
        }
        for failure in summary.failures { CommandOutput.printError("glint: " + failure.message) }
        if !summary.failures.isEmpty { throw ExitCode(1) }
    }

    /// The run in words: what was converted, skipped and left, with each item's notes.
    static func lines(_ summary: LibrarySummary) -> [String] {
        let counts = summary.counts
        var lines = summary.items.flatMap { item in item.notes.map { "\(item.inputs[0]): note: \($0)" } }
        lines.append(
            "\(counts.livePhotos) Live Photo(s), \(counts.motionPhotos) Motion Photo(s) and \(counts.photos) photo(s) "
                + "written under \(summary.output); \(counts.skipped) skipped, \(counts.failed) failed")
        if counts.unpairedMovies > 0 {
            lines.append("\(counts.unpairedMovies) movie(s) pair with no still and were left out:")
            lines += summary.unpairedMovies.map { "  \($0.path): \($0.reason)" }
        }
        if counts.duplicates > 0 {
            lines.append("\(counts.duplicates) file(s) repeat an earlier one byte for byte and were converted once:")
            lines += summary.duplicates.map { "  \($0.path): same as \($0.sameAs)" }
        }
        if counts.withSidecar > 0 { lines.append("\(counts.withSidecar) item(s) have a Google Takeout sidecar") }
        if counts.ignored > 0 { lines.append("Ignored (not media): \(counts.ignored) file(s)") }
        return lines
    }
}

/// Items done of the total, the rate and the time left, for the progress bar.
struct ItemRate: Sendable {
    let total: Int
    let clock: any WallClock
    let started: Date

    init(total: Int, clock: any WallClock = SystemWallClock()) {
        self.total = total
        self.clock = clock
        started = clock.now()
    }

    func label(done: Int) -> String {
        let elapsed = clock.now().timeIntervalSince(started)
        guard done > 0, elapsed > 0 else { return "\(done) of \(total) items" }
        let rate = Double(done) / elapsed
        let left = Int((Double(total - done) / rate).rounded())
        return String(format: "%d of %d items, %.1f/s, %dm%02ds left", done, total, rate, left / 60, left % 60)
    }
}

/// How far into folders a command goes, and how many files or items it works on at once
/// (`glint inspect`, `glint export`, `glint edit`).
struct FolderArguments: ParsableArguments {
    @Flag(name: [.short, .long], help: "Descend into the folders' sub-folders.")
    var recursive = false

    @Option(help: "Files or items worked on at once in folders (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1 to 256") }
    }
}

/// On SIGINT or SIGTERM during a library run, the staging folder beside `--out` is removed before
/// the process ends, so nothing of the run is left behind (after SIGKILL, the next run into the
/// same folder removes it).
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install(_ staging: LibraryStaging) {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                staging.remove()
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
