import Foundation
import GlintLivePhoto
import GlintQueue
import GlintTestSupport
import Hummingbird

@testable import GlintServer

/// The page tests' world: the real pair behind four shares (active, revoked, expired in the
/// store, still only), a queue with counts, completions and recent jobs (one with a hostile
/// kind), a fixed clock and a router with ``PageRoutes`` on it.
struct PagesFixture {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let secret = ShareTokenSecret(Array("0123456789abcdef0123456789abcdef".utf8))
    static let hostileKind = "<script>alert('x')</script>&\"kind\""

    let pair: FixturePair
    var source: InMemoryPageDataSource
    let job = JobID()
    let thumbnailJob = JobID()

    init() throws {
        pair = try FixturePair()
        let outputs = ["still": pair.still, "movie": pair.movie]
        let later = Self.now.addingTimeInterval(86_400)
        var source = InMemoryPageDataSource()
        source.shares = [
            "active": PageShare(id: "active", job: job, state: .active, expiresAt: later, outputs: outputs),
            "revoked": PageShare(id: "revoked", job: job, state: .revoked, expiresAt: later, outputs: outputs),
            "lapsed": PageShare(id: "lapsed", job: job, state: .active, expiresAt: Self.now.addingTimeInterval(-1), outputs: outputs),
            "still-only": PageShare(id: "still-only", job: job, state: .active, expiresAt: later, outputs: ["still": pair.still]),
        ]
        source.counts = [.available: 3, .running: 2, .completed: 40, .discarded: 1]
        // 5 completions two minutes ago, 1 this minute, 2 long ago (outside the hour).
        source.completions =
            Array(repeating: Self.now.addingTimeInterval(-120), count: 5)
            + [Self.now.addingTimeInterval(-1)] + Array(repeating: Self.now.addingTimeInterval(-7200), count: 2)
        source.jobs = [
            PageJobSummary(
                id: thumbnailJob, kind: .livePhotoEdit, state: .completed, createdAt: Self.now.addingTimeInterval(-300),
                finishedAt: Self.now.addingTimeInterval(-200), hasThumbnail: true),
            PageJobSummary(
                id: JobID(), kind: JobKind(rawValue: Self.hostileKind), state: .available,
                createdAt: Self.now.addingTimeInterval(-10), finishedAt: nil, hasThumbnail: false),
        ]
        source.thumbnails = [thumbnailJob: pair.still]
        self.source = source
    }

    /// This fixture with the active share's renditions made (`share.renditions` runs
    /// ``ShareRenditions/make(stillPath:moviePath:baseName:in:limits:)``, the same operation).
    func withRenditions() throws -> PagesFixture {
        var fixture = self
        let folder = try pair.directory.subdirectory("renditions-\(job)")
        let made = try ShareRenditions.make(
            stillPath: pair.still.url.path, moviePath: pair.movie.url.path, baseName: "glint-" + job.description.prefix(8), in: folder)
        let types: [ShareRenditions.Name: String] = [
            .thumbnail: "image/jpeg", .display: "image/jpeg", .livePhoto: "application/zip", .motionPhoto: "image/jpeg",
        ]
        fixture.source.shares["active"]?.renditions = Dictionary(
            uniqueKeysWithValues: try made.map { name, url in
                let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64 ?? 0
                return (name.rawValue, PageFile(url: url, contentType: types[name] ?? "application/octet-stream", size: size))
            })
        return fixture
    }

    /// A signed token for `share`, expiring `expiresIn` seconds after ``now``.
    static func token(_ share: String, expiresIn: TimeInterval = 3600) -> String {
        ShareToken(shareID: share, expiresAt: now.addingTimeInterval(expiresIn), secret: secret).description
    }

    /// An application serving the pages only.
    func application() -> some ApplicationProtocol {
        let router = Router()
        PageRoutes(source: source, secret: Self.secret, now: { Self.now }).addRoutes(to: router)
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }
}

extension ByteBuffer {
    var text: String { String(buffer: self) }
    var bytes: [UInt8] { Array(readableBytesView) }
}
