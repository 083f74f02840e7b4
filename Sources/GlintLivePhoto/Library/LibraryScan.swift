import Foundation
import GlintMedia

#if canImport(Glibc)
    import Glibc
#endif

/// The files a library run works on: the files named, and the media files inside the folders
/// named (with ``Options/recursive``, inside their sub-folders too).
///
/// - Hidden files and folders (a name starting with ".") are skipped.
/// - Inside a folder, a file is taken when its extension is a media one or its first bytes are a
///   still or a movie; anything else (a Takeout `.json` sidecar, a `.txt`) is listed in
///   ``ignored``. A file named on its own is always taken: what it holds is for the caller to say.
/// - A link to a file is read as the file; a link to a folder is not followed inside a folder (a
///   loop of links would never end), only when it is named itself.
/// - Entries come in the order the paths were given, each folder's sorted by relative path, and a
///   file reached twice is taken once.
public struct LibraryScan: Sendable, Equatable {
    /// One file to work on.
    public struct Entry: Sendable, Equatable, Codable {
        /// The path to read: the folder given joined with ``relativePath``, or the file as given.
        public var path: String
        /// Where the file sits below the folder it was found in (its name, for a file named on its
        /// own): outputs go to this path under `--out`, so the folder tree is mirrored.
        public var relativePath: String

        public init(path: String, relativePath: String) {
            self.path = path
            self.relativePath = relativePath
        }
    }

    /// How far a scan goes.
    public struct Options: Sendable, Equatable {
        /// Descends into sub-folders.
        public var recursive: Bool
        /// The deepest sub-folder level read below a folder given.
        public var maxDepth: Int
        /// The most files one scan takes.
        public var maxEntries: Int

        public init(recursive: Bool = false, maxDepth: Int = 64, maxEntries: Int = 1_000_000) {
            self.recursive = recursive
            self.maxDepth = maxDepth
            self.maxEntries = maxEntries
        }
    }

    /// The files to work on.
    public private(set) var entries: [Entry] = []
    /// Files inside the folders that are not media, and links to folders not followed.
    public private(set) var ignored: [String] = []
    /// Whether any path given was a folder (a run then reports per item rather than per file).
    public private(set) var hasFolders = false

    /// The paths added so far, by the file they name.
    private var seenFiles: [FileIdentity: [String]] = [:]
    private let options: Options

    /// The extensions taken as media without reading the file (compared lowercased). `mp` and
    /// `mv` are the halves Google Takeout makes of a Pixel Motion Photo.
    public static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "heic", "heif", "hif", "png", "mov", "qt", "mp4", "m4v", "mp", "mv",
    ]

    private init(options: Options) {
        self.options = options
    }

    /// Scans `paths` (files and folders).
    /// - Throws: ``MediaError`` `.unreadable` for a folder that cannot be listed, `.tooLarge` past
    ///   ``Options/maxEntries`` files or ``Options/maxDepth`` levels.
    public static func scan(_ paths: [String], options: Options = Options()) throws -> LibraryScan {
        var scan = LibraryScan(options: options)
        for path in paths {
            if isFolder(path) {
                scan.hasFolders = true
                try scan.addFolder(root: path, relative: "", depth: 0)
            } else {
                try scan.add(Entry(path: path, relativePath: (path as NSString).lastPathComponent))
            }
        }
        return scan
    }

    private mutating func add(_ entry: Entry) throws {
        // A path given twice (a folder and a file in it, a link to either) is one entry; hard
        // links are files of their own. Paths are resolved only when two name one file.
        if let identity = FileIdentity(path: entry.path) {
            let earlier = seenFiles[identity, default: []]
            if !earlier.isEmpty {
                let resolved = OutputPath.resolved(entry.path)
                guard !earlier.contains(where: { OutputPath.resolved($0) == resolved }) else { return }
            }
            seenFiles[identity] = earlier + [entry.path]
        }
        guard entries.count < options.maxEntries else {
            throw MediaError(.tooLarge, file: entry.path, "more than \(options.maxEntries) files to work on: give fewer folders")
        }
        entries.append(entry)
    }

    private mutating func addFolder(root: String, relative: String, depth: Int) throws {
        let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
        guard depth <= options.maxDepth else {
            throw MediaError(.tooLarge, file: folder, "folders nested more than \(options.maxDepth) deep")
        }
        for name in try Self.names(in: folder).sorted() where !name.hasPrefix(".") {
            let childRelative = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
            let child = (root as NSString).appendingPathComponent(childRelative)
            switch Self.kind(of: child) {
            case .folder:
                if options.recursive { try addFolder(root: root, relative: childRelative, depth: depth + 1) }
            case .linkToFolder:
                if options.recursive { ignored.append(child) }
            case .file:
                if Self.isMedia(child) {
                    try add(Entry(path: child, relativePath: childRelative))
                } else {
                    ignored.append(child)
                }
            case .other:
                ignored.append(child)
            }
        }
    }

    private enum ChildKind { case file, folder, linkToFolder, other }

    private static func kind(of path: String) -> ChildKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else { return .other }
            switch target.st_mode & S_IFMT {
            case S_IFDIR: return .linkToFolder
            case S_IFREG: return .file
            default: return .other
            }
        default: return .other
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// A media extension, or (for any other name) first bytes that are a still or a movie.
    static func isMedia(_ path: String) -> Bool {
        if mediaExtensions.contains((path as NSString).pathExtension.lowercased()) { return true }
        guard let file = try? RandomAccessFile(path: path), file.size > 0,
            let head = try? file.read(at: 0, count: Int(min(file.size, 32)))
        else { return false }
        return MediaInspector.kind(ofHead: head) != .unknown
    }

    /// The names in a folder, without `.` and `..`.
    /// - Throws: ``MediaError`` `.unreadable` with the system's reason.
    private static func names(in folder: String) throws -> [String] {
        guard let directory = opendir(folder) else {
            throw MediaError(.unreadable, file: folder, "folder cannot be listed: \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
