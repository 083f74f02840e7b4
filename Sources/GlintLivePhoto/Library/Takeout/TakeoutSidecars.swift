import Foundation

/// The Google Takeout sidecars among a scan's files, and which one belongs to a media file, matched
/// the way Takeout names them (`docs/motion-photo-layouts.md` §5):
///
/// - `NAME.json`, or (2024 on) `NAME.supplemental-metadata.json`;
/// - the part before `.json` clipped to 46 characters (`….supplemen.json`, `….s.json`);
/// - a duplicate's counter moved to just before `.json`: `IMG(1).jpg` → `IMG.jpg(1).json`,
///   `IMG.jpg.supplemental-metadata(1).json`; or left where it was;
/// - an edited copy (`IMG-edited.jpg`, and Takeout's translations of "edited") has none of its own
///   and takes the original's; a name without its extension (`IMG.json`) is the last resort;
/// - failing all of these, a sidecar of at least 40 characters (a clipped one) that is the start of
///   `NAME.supplemental-metadata` is taken when it is the only one.
///
/// Only sidecars in the media file's own folder are looked at.
public struct TakeoutSidecars: Sendable {
    /// Per folder, the sidecars' names and paths.
    private var folders: [String: [String: String]] = [:]
    /// Per folder, the same keyed by lowercased name (built once, not per file looked up).
    private var lowercasedFolders: [String: [String: String]] = [:]

    /// How many characters of a sidecar's name come before `.json`, at most.
    static let clippedLength = 46
    /// The shortest clipped name a prefix match accepts.
    static let shortestPrefix = 40
    /// The suffixes Takeout gives edited copies (GPTH `lib/extras.dart`).
    static let editedSuffixes = [
        "-edited", "-effects", "-smile", "-mix", "-edytowane", "-bearbeitet", "-bewerkt", "-編集済み", "-modificato",
        "-modifié", "-ha editado", "-editat",
    ]

    /// The sidecars among `files` (names ending in `.json`).
    public init(_ files: [String]) {
        for path in files where path.lowercased().hasSuffix(".json") {
            let folder = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            folders[folder, default: [:]][name] = path
            if lowercasedFolders[folder]?[name.lowercased()] == nil { lowercasedFolders[folder, default: [:]][name.lowercased()] = path }
        }
    }

    /// Whether there are none.
    public var isEmpty: Bool { folders.isEmpty }

    /// Whether the folder of the file at `path` holds sidecars (it is a Takeout folder).
    public func hasSidecars(besides path: String) -> Bool {
        folders[(path as NSString).deletingLastPathComponent] != nil
    }

    /// The sidecar of the media file at `path`, or nil.
    public func sidecar(for path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        guard let sidecars = folders[folder], let lowercased = lowercasedFolders[folder] else { return nil }
        let name = (path as NSString).lastPathComponent
        let candidates = Self.candidateNames(for: name)
        for candidate in candidates {
            if let found = sidecars[candidate] { return found }
        }
        for candidate in candidates {
            if let found = lowercased[candidate.lowercased()] { return found }
        }
        return Self.prefixMatch(name, in: sidecars)
    }

    /// The names a sidecar of `name` may have, most likely first.
    static func candidateNames(for name: String) -> [String] {
        var names: [String] = []
        func add(_ base: String, counter: String = "") {
            for suffix in [".supplemental-metadata", ""] { names.append(clipped(base + suffix) + counter + ".json") }
        }
        add(name)
        let counted = splitCounter(name)
        if let counted { add(counted.name, counter: counted.counter) }
        for original in [name, counted?.name].compactMap({ $0 }).compactMap(uneditedName) {
            add(original, counter: counted?.counter ?? "")
            if counted != nil { add(original) }
        }
        let stem = (name as NSString).deletingPathExtension
        if stem != name { add(stem) }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// `name` without a trailing `(n)` before its extension, and the counter: `IMG(1).jpg` is
    /// (`IMG.jpg`, `(1)`).
    static func splitCounter(_ name: String) -> (name: String, counter: String)? {
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        guard stem.hasSuffix(")"), let open = stem.lastIndex(of: "(") else { return nil }
        let digits = stem[stem.index(after: open)..<stem.index(before: stem.endIndex)]
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        let base = String(stem[..<open])
        guard !base.isEmpty else { return nil }
        return (ext.isEmpty ? base : base + "." + ext, "(\(digits))")
    }

    /// The original's name of an edited copy (`IMG-edited.jpg` → `IMG.jpg`), or nil.
    static func uneditedName(_ name: String) -> String? {
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        guard let suffix = editedSuffixes.first(where: { stem.lowercased().hasSuffix($0) && stem.count > $0.count }) else { return nil }
        let base = String(stem.dropLast(suffix.count))
        return ext.isEmpty ? base : base + "." + ext
    }

    /// `text` clipped to ``clippedLength`` UTF-16 units (as Takeout counts), never inside a character.
    static func clipped(_ text: String) -> String {
        guard text.utf16.count > clippedLength else { return text }
        var result = ""
        var units = 0
        for character in text {
            let width = character.utf16.count
            guard units + width <= clippedLength else { break }
            result.append(character)
            units += width
        }
        return result
    }

    /// The one sidecar whose name (without `.json` and a counter) is a clipped start of `name`'s.
    private static func prefixMatch(_ name: String, in sidecars: [String: String]) -> String? {
        let counted = splitCounter(name)
        let full = (counted?.name ?? name) + ".supplemental-metadata"
        let matches = sidecars.filter { sidecar, _ in
            var stem = String(sidecar.dropLast(5))
            var counter = ""
            if let open = stem.lastIndex(of: "("), stem.hasSuffix(")") {
                counter = String(stem[open...])
                stem = String(stem[..<open])
            }
            return stem.count >= shortestPrefix && counter == (counted?.counter ?? "") && full.hasPrefix(stem)
        }
        return matches.count == 1 ? matches.first?.value : nil
    }
}
