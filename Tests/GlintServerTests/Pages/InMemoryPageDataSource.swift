import Foundation
import GlintQueue
import GlintServer
import GlintTestSupport

/// A ``PageDataSource`` held in memory, for the page tests only: the shares, counts, completion
/// times and recent jobs it is given.
struct InMemoryPageDataSource: PageDataSource {
    var shares: [String: PageShare] = [:]
    var counts: [JobState: Int] = [:]
    /// When jobs completed.
    var completions: [Date] = []
    var jobs: [PageJobSummary] = []
    var thumbnails: [JobID: PageFile] = [:]
    /// The live keys, by their whole text.
    var keys: [String: PageViewer] = [:]
    /// Whose job each is (a job not named here is nobody's: only an operator sees it).
    var owners: [JobID: String] = [:]

    func share(id: String) async throws -> PageShare? { shares[id] }

    func viewer(key text: String) async throws -> PageViewer? { keys[text] }

    func viewer(keyID: String) async throws -> PageViewer? { keys.values.first { $0.keyID == keyID } }

    func queueCounts(tenant: String?) async throws -> [JobState: Int] { counts }

    func completionsPerMinute(tenant: String?, endingAt end: Date, minutes: Int) async throws -> [Int] {
        var buckets = Array(repeating: 0, count: minutes)
        let start = end.addingTimeInterval(-Double(minutes) * 60)
        for date in completions where date >= start && date < end {
            buckets[Int(date.timeIntervalSince(start) / 60)] += 1
        }
        return buckets
    }

    func recentJobs(tenant: String?, limit: Int) async throws -> [PageJobSummary] {
        Array(jobs.filter { tenant == nil || owners[$0.id] == tenant }.sorted { $0.createdAt > $1.createdAt }.prefix(limit))
    }

    func thumbnail(job: JobID, tenant: String?) async throws -> PageFile? {
        tenant == nil || owners[job] == tenant ? thumbnails[job] : nil
    }
}

/// The real iPhone 6s Live Photo pair from ../shared/fixtures, copied into a temporary folder
/// under extension-less names (as the blob store keeps files), as ``PageFile``s.
struct FixturePair {
    let directory: TemporaryDirectory
    let still: PageFile
    let movie: PageFile

    /// The pair's content identifier (its still and movie both carry it).
    static let contentIdentifier = "E905E6C6-C747-4805-942F-9904A0281F02"

    init() throws {
        directory = try TemporaryDirectory()
        still = try Self.copy(SharedFixtures.url(SharedFixtures.Name.livePhotoStill), as: "still-blob", type: "image/jpeg", into: directory.url)
        movie = try Self.copy(SharedFixtures.url(SharedFixtures.Name.livePhotoMovie), as: "movie-blob", type: "video/quicktime", into: directory.url)
    }

    private static func copy(_ source: URL, as name: String, type: String, into folder: URL) throws -> PageFile {
        let target = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        let size = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int64 ?? 0
        return PageFile(url: target, contentType: type, size: size)
    }
}
