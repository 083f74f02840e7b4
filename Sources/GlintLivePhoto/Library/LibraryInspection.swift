import Foundation
import GlintMedia

/// What `glint inspect` says of files and folders: each file described, and the Live Photos
/// among all of them, paired by content identifier across every folder given (a still and its
/// movie may sit in different folders, as some exports leave them).
public struct LibraryInspection: Sendable, Codable, Equatable {
    /// Every file taken, in the scan's order.
    public var files: [MediaFileReport]
    public var livePhotos: [LivePhoto]
    /// The Motion Photos that are not half of a Live Photo: whole on their own, so not unpaired.
    public var motionPhotos: [String]
    /// The stills and movies in no Live Photo, Motion Photos left out.
    public var unpaired: [UnpairedFile]
    /// Files in the folders that are not media (a Takeout `.json` sidecar), and links to folders
    /// not followed.
    public var ignored: [String]

    /// Scans `paths`, inspects every file `jobs` at a time and pairs the results.
    /// - Parameters:
    ///   - progress: Told the files inspected so far and the total, one call at a time.
    /// - Throws: What ``LibraryScan/scan(_:options:)`` throws; an unreadable file is a report
    ///   with an error, not a throw.
    public static func inspect(
        _ paths: [String], options: LibraryScan.Options = .init(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> LibraryInspection {
        let scan = try LibraryScan.scan(paths, options: options)
        let total = scan.entries.count
        let reports = ConcurrentItems.map(
            scan.entries, jobs: jobs, progress: { progress?($0, total) }, { MediaInspector.inspect($0.path) })
        let pairing = LivePhotoPairing.pair(reports)
        let motionPhotos = Set(reports.filter { $0.motionPhoto != nil }.map(\.path))
        let (whole, unpaired) = (pairing.unpaired.filter { motionPhotos.contains($0.path) }, pairing.unpaired.filter { !motionPhotos.contains($0.path) })
        return LibraryInspection(
            files: reports, livePhotos: pairing.livePhotos, motionPhotos: whole.map(\.path), unpaired: unpaired, ignored: scan.ignored)
    }
}
