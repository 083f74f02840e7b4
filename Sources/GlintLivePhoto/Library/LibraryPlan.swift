import Foundation
import GlintMedia

/// One thing a library run converts: a Live Photo (two files), a Motion Photo or a plain photo.
public struct LibraryItem: Sendable, Equatable {
    /// What the item is.
    public enum Content: Sendable, Equatable {
        case livePhoto(LivePhoto)
        /// A Motion Photo, as read while planning (its video checked up to the first frame).
        case motionPhoto(path: String, photo: MotionPhoto)
        /// A still with no motion (a JPEG, HEIC or PNG; or a Live Photo still whose movie is not
        /// among the files given).
        case photo(path: String)
    }

    public var content: Content
    /// The folder, below the output folder, its outputs go to: where its still sits below the
    /// folder given ("" for a file given on its own, or at the top of a folder).
    public var outputFolder: String

    /// The files it is made from, still first.
    public var inputs: [String] {
        switch content {
        case .livePhoto(let pair): [pair.stillPath, pair.moviePath]
        case .motionPhoto(let path, _), .photo(let path): [path]
        }
    }

    /// The kind, as the run's summary counts it.
    public var kind: LibraryItemKind {
        switch content {
        case .livePhoto: .livePhoto
        case .motionPhoto: .motionPhoto
        case .photo: .photo
        }
    }
}

/// The kinds of item a library run counts.
public enum LibraryItemKind: String, Sendable, Codable, CaseIterable {
    case livePhoto = "live-photo"
    case motionPhoto = "motion-photo"
    case photo
}

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
/// inspected (`jobs` at a time), stills and movies paired by content identifier across every
/// folder given, and the rest sorted into Motion Photos, plain photos, movies that pair with
/// nothing, and files that cannot be read.
public struct LibraryPlan: Sendable {
    public var items: [LibraryItem]
    /// Movies whose still is not among the files given, and why.
    public var unpairedMovies: [UnpairedFile]
    /// Files that could not be read.
    public var unreadable: [LibraryFailure]
    /// Files in the folders that are not media.
    public var ignored: [String]

    /// Plans a run over `paths`.
    /// - Parameter progress: Told the files inspected so far and the total, one call at a time.
    /// - Throws: What ``LibraryScan/scan(_:options:)`` throws.
    public static func make(
        _ paths: [String], options: LibraryScan.Options, jobs: Int, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> LibraryPlan {
        let scan = try LibraryScan.scan(paths, options: options)
        let total = scan.entries.count
        let inspected = ConcurrentItems.map(scan.entries, jobs: jobs, progress: { progress?($0, total) }, Inspected.init(entry:))
        return LibraryPlan(inspected, ignored: scan.ignored)
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

    init(_ inspected: [Inspected], ignored: [String]) {
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
    }

    /// The folder part of a path relative to the folder given ("" at its top).
    static func folder(of relativePath: String) -> String {
        let folder = (relativePath as NSString).deletingLastPathComponent
        return folder == "." ? "" : folder
    }
}
