import Foundation
import GlintMedia

/// A file or item that failed, with the error's shared code and its message.
public struct LibraryFailure: Sendable, Codable, Equatable {
    /// The file named first (an item's still).
    public var path: String
    /// The error's category every caller shares (`invalid-input`, see ``GlintCore/ErrorCode``).
    public var code: String
    /// The error's own name for what went wrong (`truncated`).
    public var kind: String
    /// The one-line message, naming the file.
    public var message: String

    /// The failure of `path` with `error`.
    public init(path: String, error: Error) {
        self.path = path
        let known = error as? any GlintError
        code = known?.code.rawValue ?? ErrorCode.handlerFailed.rawValue
        kind = known?.kindName ?? "failed"
        message = known?.description ?? "\(path): \(error)"
    }
}

/// What a library run will convert, worked out from the files before any work: every file
/// inspected (`jobs` at a time), files whose bytes repeat an earlier file's left out
/// (``LibraryDuplicates``), stills and movies paired by content identifier across every folder
/// given, and the rest sorted into Motion Photos (with those Google Takeout split in two put
/// back together, ``TakeoutCompanions``), plain photos, movies that pair with nothing, and files
/// that cannot be read. Each item gets the Takeout sidecar found for it (``TakeoutSidecars``).
public struct LibraryPlan: Sendable {
    public var items: [LibraryItem]
    /// Movies whose still is not among the files given, and why.
    public var unpairedMovies: [UnpairedFile]
    /// Files that could not be read.
    public var unreadable: [LibraryFailure]
    /// Files in the folders that are not media (Takeout's sidecars among them).
    public var ignored: [String]
    /// Files left out because an earlier file has the same bytes.
    public var duplicates: [LibraryDuplicate] = []

    /// Plans a run over `paths`.
    /// - Parameter progress: Told the files inspected so far and the total, one call at a time.
    /// - Throws: What ``LibraryScan/scan(_:options:)`` throws.
    public static func make(
        _ paths: [String], options: LibraryScan.Options, jobs: Int, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> LibraryPlan {
        let scan = try LibraryScan.scan(paths, options: options)
        let total = scan.entries.count
        let inspected = ConcurrentItems.map(scan.entries, jobs: jobs, progress: { progress?($0, total) }, Inspected.init(entry:))
        let repeats = LibraryDuplicates.find(paths: inspected.map(\.entry.path), sizes: inspected.map(\.report.size), jobs: jobs)
        var plan = LibraryPlan(
            inspected.indices.filter { repeats[$0] == nil }.map { inspected[$0] }, ignored: scan.ignored,
            sidecars: TakeoutSidecars(scan.ignored), jobs: jobs)
        plan.duplicates = repeats.keys.sorted().map { LibraryDuplicate(path: inspected[$0].entry.path, sameAs: inspected[repeats[$0]!].entry.path) }
        return plan
    }

    /// A file inspected, with its failure (code and message) when it could not be read.
    struct Inspected: Sendable {
        var entry: LibraryScan.Entry
        var report: MediaFileReport
        var failure: LibraryFailure?

        init(entry: LibraryScan.Entry) {
            self.entry = entry
            let inspected = MediaInspector.inspectKeepingError(entry.path, depth: .firstFrame)
            report = inspected.report
            failure = inspected.error.map { LibraryFailure(path: entry.path, error: $0) }
        }
    }

    /// The plan of `inspected`; the items' sidecars are read `jobs` at a time.
    init(_ inspected: [Inspected], ignored: [String], sidecars: TakeoutSidecars = TakeoutSidecars([]), jobs: Int = 1) {
        self.ignored = ignored
        items = []
        unpairedMovies = []
        unreadable = []
        let folders = Dictionary(inspected.map { ($0.entry.path, Self.folder(of: $0.entry.relativePath)) }, uniquingKeysWith: { a, _ in a })
        let pairing = LivePhotoPairing.pair(inspected.map(\.report))
        let pairsByStill = Dictionary(pairing.livePhotos.map { ($0.stillPath, $0) }, uniquingKeysWith: { a, _ in a })
        let unpaired = Dictionary(pairing.unpaired.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for file in inspected {
            let path = file.entry.path
            let folder = folders[path] ?? ""
            if let failure = file.failure {
                unreadable.append(failure)
            } else if let pair = pairsByStill[path] {
                items.append(LibraryItem(content: .livePhoto(pair), outputFolder: folder))
            } else if unpaired[path] == nil {
                continue  // The movie of a pair: its item is the still's.
            } else if let photo = file.report.motionPhoto {
                items.append(LibraryItem(content: .motionPhoto(path: path, photo: photo), outputFolder: folder))
            } else if file.report.still != nil {
                items.append(LibraryItem(content: .photo(path: path), outputFolder: folder))
            } else if let reason = unpaired[path] {
                unpairedMovies.append(reason)
            }
        }
        let reports = Dictionary(inspected.map { ($0.entry.path, $0.report) }, uniquingKeysWith: { a, _ in a })
        TakeoutCompanions.attach(to: &self, reports: reports, folders: folders, sidecars: sidecars)
        items = ConcurrentItems.map(items, jobs: jobs) { item in
            var item = item
            Self.attachSidecar(to: &item, from: sidecars)
            return item
        }
    }

    /// Gives `item` the sidecar of its first file that has one, read; an unreadable one is a note.
    private static func attachSidecar(to item: inout LibraryItem, from sidecars: TakeoutSidecars) {
        guard let path = (item.inputs + item.companions).lazy.compactMap(sidecars.sidecar(for:)).first else { return }
        do {
            item.sidecar = try TakeoutSidecar(path: path)
        } catch {
            item.notes.append("its Takeout sidecar is not used: \((error as? any GlintError)?.description ?? "\(error)")")
        }
    }

    /// The folder part of a path relative to the folder given ("" at its top).
    static func folder(of relativePath: String) -> String {
        let folder = (relativePath as NSString).deletingLastPathComponent
        return folder == "." ? "" : folder
    }
}
