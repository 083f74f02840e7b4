import Foundation
import GlintMedia

/// Finds the video files Google Takeout split off Motion Photos, beside their stills
/// (`docs/motion-photo-layouts.md` §5), and gives each to its still's item:
///
/// - a Pixel `X.MP.jpg` with `X.MP` or `X.MV` (Takeout's names, matched wherever they are);
/// - a Samsung `X.jpg` (or `.heic`) with `X.MP4`, matched only in a Takeout folder (one holding
///   sidecars): elsewhere a photo and a clip of the same name are two things.
///
/// The video must be in the still's folder, pair with nothing by content identifier, and be no
/// longer than ``MotionPhotoJoiner/maximumSeconds``. A still that is a whole Motion Photo already
/// keeps its own video (the file is then a copy, noted and left out); a plain still, or one whose
/// Motion Photo XMP points at a video that is gone, becomes a ``LibraryItem/Content/splitMotionPhoto(stillPath:moviePath:primaryMime:)``.
enum TakeoutCompanions {
    private enum Still {
        case item(Int)
        case unreadable(path: String, mime: String)
    }

    static func attach(to plan: inout LibraryPlan, reports: [String: MediaFileReport], folders: [String: String], sidecars: TakeoutSidecars) {
        var stills: [String: Still] = [:]
        func register(_ path: String, _ still: Still) {
            for key in stillKeys(path, takeout: sidecars.hasSidecars(besides: path)) { stills[key] = still }
        }
        for (index, item) in plan.items.enumerated() {
            switch item.content {
            case .photo(let path), .motionPhoto(let path, _): register(path, .item(index))
            case .livePhoto, .splitMotionPhoto: continue
            }
        }
        for failure in plan.unreadable {
            guard let mime = reports[failure.path].flatMap(mime) else { continue }
            register(failure.path, .unreadable(path: failure.path, mime: mime))
        }
        var joinedUnreadable = Set<String>()
        var joinedItems = Set<Int>()  // A still is found by up to two keys: it takes one video at most.
        plan.unpairedMovies.removeAll { movie in
            guard let seconds = reports[movie.path]?.movie?.duration, seconds <= MotionPhotoJoiner.maximumSeconds,
                let key = movieKey(movie.path), let still = stills.removeValue(forKey: key)
            else { return false }
            switch still {
            case .item(let index):
                guard joinedItems.insert(index).inserted else { return false }
                attach(movie.path, to: &plan.items[index], reports: reports)
            case .unreadable(let path, let mime):
                guard joinedUnreadable.insert(path).inserted else { return false }
                plan.items.append(
                    LibraryItem(content: .splitMotionPhoto(stillPath: path, moviePath: movie.path, primaryMime: mime), outputFolder: folders[path] ?? ""))
            }
            return true
        }
        plan.unreadable.removeAll { joinedUnreadable.contains($0.path) }
    }

    /// Makes `movie` the video of the item: a plain still's, or a copy of the one a Motion Photo holds.
    private static func attach(_ movie: String, to item: inout LibraryItem, reports: [String: MediaFileReport]) {
        switch item.content {
        case .photo(let path):
            guard let mime = reports[path].flatMap(mime) else { return }
            item.content = .splitMotionPhoto(stillPath: path, moviePath: movie, primaryMime: mime)
        default:
            item.companions.append(movie)
            item.notes.append("\((movie as NSString).lastPathComponent) is a copy of the video it holds: left out")
        }
    }

    /// The Motion Photo MIME type of a JPEG or HEIC still.
    private static func mime(_ report: MediaFileReport) -> String? {
        switch report.kind {
        case .jpeg: "image/jpeg"
        case .heic: "image/heic"
        default: nil
        }
    }

    /// The keys a still is found by: `folder|mp|X` for `X.MP.jpg` (or `X.MV.jpg`); `folder|stem|X`
    /// for `X.jpg` in a Takeout folder.
    static func stillKeys(_ path: String, takeout: Bool) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let base = (name as NSString).deletingPathExtension
        guard ["jpg", "jpeg", "heic", "heif"].contains((name as NSString).pathExtension.lowercased()) else { return [] }
        var keys: [String] = []
        if [".MP", ".MV"].contains(where: base.uppercased().hasSuffix), base.count > 3 {
            keys.append("\(folder)|mp|\(base.dropLast(3).lowercased())")
        }
        if takeout { keys.append("\(folder)|stem|\(base.lowercased())") }
        return keys
    }

    /// The key a video finds its still by: `X.MP`, `X.MV` → `folder|mp|X`; `X.MP4` → `folder|stem|X`
    /// (which only stills in a Takeout folder have).
    static func movieKey(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let base = (name as NSString).deletingPathExtension.lowercased()
        switch (name as NSString).pathExtension.lowercased() {
        case "mp", "mv": return "\(folder)|mp|\(base)"
        case "mp4": return "\(folder)|stem|\(base)"
        default: return nil
        }
    }
}
