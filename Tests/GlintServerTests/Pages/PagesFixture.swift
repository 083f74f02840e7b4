import Foundation
import GlintCore
import GlintLivePhoto
import GlintQueue
import GlintTestSupport
import Hummingbird

@testable import GlintServer

/// The page tests' world: the real pair (with its GPS position) behind five shares (active, which
/// serves copies without location; kept, made with `keepLocation`; revoked, expired in the store,
/// still only), a queue with counts, completions and recent jobs (one with a hostile
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
            "kept": PageShare(id: "kept", job: job, state: .active, expiresAt: later, outputs: outputs, keepLocation: true),
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

    /// This fixture with the renditions made: the active share's without location, the kept
    /// share's with it (`share.renditions` runs
    /// ``ShareRenditions/make(stillPath:moviePath:baseName:in:keepLocation:limits:)``, the same operation).
    func withRenditions() throws -> PagesFixture {
        var fixture = self
        for (share, keepLocation) in [("active", false), ("kept", true)] {
            let folder = try pair.directory.subdirectory("renditions-\(share)-\(job)")
            let made = try ShareRenditions.make(
                stillPath: pair.still.url.path, moviePath: pair.movie.url.path, baseName: "glint-" + job.description.prefix(8), in: folder,
                keepLocation: keepLocation)
            let types: [ShareRenditions.Name: String] = [
                .thumbnail: "image/jpeg", .display: "image/jpeg", .livePhoto: "application/zip", .motionPhoto: "image/jpeg",
                .still: "image/jpeg", .movie: "video/quicktime",
            ]
            fixture.source.shares[share]?.renditions = Dictionary(
                uniqueKeysWithValues: try made.map { name, url in
                    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64 ?? 0
                    return (name.rawValue, PageFile(url: url, contentType: types[name] ?? "application/octet-stream", size: size))
                })
        }
        return fixture
    }

    /// A signed token for `share`, expiring `expiresIn` seconds after ``now``.
    static func token(_ share: String, expiresIn: TimeInterval = 3600) -> String {
        ShareToken(shareID: share, expiresAt: now.addingTimeInterval(expiresIn), secret: secret).description
    }

    /// An operator's key (sees every job) and alice's (sees the thumbnail job only), as the
    /// source knows them.
    static let operatorKey = "glint_0000000000aa_" + String(repeating: "A", count: 32)
    static let aliceKey = "glint_0000000000bb_" + String(repeating: "B", count: 32)
    static let operatorViewer = PageViewer(keyID: "0000000000aa", tenant: "ops", isOperator: true)
    static let aliceViewer = PageViewer(keyID: "0000000000bb", tenant: "alice", isOperator: false)

    /// `Authorization: Bearer` with `key` (the operator's unless told).
    static func bearer(_ key: String = operatorKey) -> HTTPFields { [.authorization: "Bearer \(key)"] }

    /// An application serving the pages only, at ``now`` on `clock` (a clock of its own unless given).
    func application(access: PageAccessConfiguration = PageAccessConfiguration(), clock: ManualWallClock = ManualWallClock(PagesFixture.now))
        -> some ApplicationProtocol
    {
        var source = source
        source.keys = [Self.operatorKey: Self.operatorViewer, Self.aliceKey: Self.aliceViewer]
        source.owners = [thumbnailJob: "alice"]
        let router = Router(context: GlintRequestContext.self)
        PageRoutes(source: source, secret: Self.secret, clock: clock, access: access).addRoutes(to: router)
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }
}

extension ByteBuffer {
    var text: String { String(buffer: self) }
    var bytes: [UInt8] { Array(readableBytesView) }
}
