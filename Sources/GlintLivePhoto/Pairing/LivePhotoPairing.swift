import Foundation
import GlintMedia

/// Finds Live Photos among inspected files by matching content identifiers, as Apple Photos and
/// Immich do. File names never pair files; they only help explain why files did not pair.
public enum LivePhotoPairing {
    /// The Live Photos found and the files left over.
    public struct Result: Sendable, Codable, Equatable {
        public var livePhotos: [LivePhoto]
        public var unpaired: [UnpairedFile]
    }

    /// Pairs stills with movies that carry the same identifier. Files are grouped by identifier
    /// and by base name first, so a library of many thousand files pairs in linear time.
    public static func pair(_ reports: [MediaFileReport]) -> Result {
        let index = Index(reports)
        var livePhotos: [LivePhoto] = []
        var paired = Set<String>()
        for identifier in index.byIdentifier.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let group = index.byIdentifier[identifier] ?? []
            let s = group.filter { $0.still != nil }
            let m = group.filter { $0.movie != nil }
            guard !s.isEmpty, !m.isEmpty else { continue }
            // Several candidates: prefer halves that share a base name; otherwise it is ambiguous.
            var matches: [(MediaFileReport, MediaFileReport)] = []
            if s.count == 1 && m.count == 1 {
                matches = [(s[0], m[0])]
            } else {
                for still in s {
                    if let movie = m.first(where: { baseName($0.path) == baseName(still.path) }) { matches.append((still, movie)) }
                }
            }
            for (still, movie) in matches where !paired.contains(still.path) && !paired.contains(movie.path) {
                var warnings: [String] = []
                if movie.movie?.stillImageTime == nil {
                    warnings.append("the movie has no still-image-time track: Photos on a Mac pairs it, but saving from an iOS app needs one")
                }
                livePhotos.append(
                    LivePhoto(
                        stillPath: still.path, moviePath: movie.path, contentIdentifier: identifier,
                        stillImageTime: movie.movie?.stillImageTime, warnings: warnings))
                paired.insert(still.path)
                paired.insert(movie.path)
            }
        }
        let unpaired = reports.filter { !paired.contains($0.path) }.map { UnpairedFile(path: $0.path, reason: reason(for: $0, index: index)) }
        return Result(livePhotos: livePhotos, unpaired: unpaired)
    }

    /// The reports grouped by content identifier and by lowercased base name.
    struct Index {
        var byIdentifier: [ContentIdentifier: [MediaFileReport]] = [:]
        var byBaseName: [String: [MediaFileReport]] = [:]

        init(_ reports: [MediaFileReport]) {
            for report in reports {
                if let identifier = report.contentIdentifier { byIdentifier[identifier, default: []].append(report) }
                byBaseName[baseName(report.path), default: []].append(report)
            }
        }
    }

    static func reason(for report: MediaFileReport, index: Index) -> String {
        if let error = report.error { return "unreadable: \(error)" }
        let isStill = report.still != nil
        let half = isStill ? "still" : "movie"
        let other = isStill ? "movie" : "still"
        let namesake = index.byBaseName[baseName(report.path)]?.first {
            $0.path != report.path && ($0.still != nil) != isStill && $0.error == nil
        }
        guard let identifier = report.contentIdentifier else {
            let missing =
                isStill
                ? "no content identifier (no Apple MakerNote ContentIdentifier)"
                : "no content identifier (no com.apple.quicktime.content.identifier key)"
            if let namesake {
                return "\(missing); \(fileName(namesake.path)) has the same base name, but names alone do not make a Live Photo"
            }
            return missing
        }
        let sameIdentifier = (index.byIdentifier[identifier] ?? []).filter { $0.path != report.path }
        if sameIdentifier.contains(where: { ($0.still != nil) != isStill }) {
            return "its identifier \(identifier) is shared by several \(other)s and \(half)s, and base names do not settle which belong together"
        }
        var text = "its identifier \(identifier) matches no \(other)"
        if let namesake {
            if let theirs = namesake.contentIdentifier {
                text += "; \(fileName(namesake.path)) has the same base name but carries \(theirs)"
            } else {
                text += "; \(fileName(namesake.path)) has the same base name but no identifier"
            }
        }
        return text
    }

    static func baseName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
    }

    static func fileName(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }
}
