import Foundation
import GlintLivePhoto
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

@testable import GlintServer

@Suite("Share downloads", .requires(.sharedFixtures), .suiteTimeLimit)
struct ShareDownloadRouteTests {
    @Test(
        "the Live Photo download is a zip of the pair (the copies without location, or as stored with keepLocation), and what it holds is still a pair",
        arguments: ["active", "kept"])
    func livePhotoZip(share: String) async throws {
        let fixture = try PagesFixture().withRenditions()
        let folder = try TemporaryDirectory()
        let base = "glint-" + fixture.job.description.prefix(8)
        let renditions = try #require(fixture.source.shares[share]?.renditions)
        let (still, movie) =
            share == "kept" ? (fixture.pair.still.url, fixture.pair.movie.url) : (try #require(renditions["still"]).url, try #require(renditions["movie"]).url)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token(share))/download/livephoto", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/zip")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(base)-live-photo.zip\"; filename*=UTF-8''\(base)-live-photo.zip")
                try Data(response.body.bytes).write(to: folder.file("download.zip"))
            }
        }
        let archive = try Archive(url: folder.file("download.zip"), accessMode: .read)
        #expect(Set(archive.map(\.path)) == ["\(base).jpg", "\(base).mov"])
        for entry in archive { _ = try archive.extract(entry, to: folder.file(entry.path)) }
        #expect(try Data(contentsOf: folder.file("\(base).jpg")) == Data(contentsOf: still))
        #expect(try Data(contentsOf: folder.file("\(base).mov")) == Data(contentsOf: movie))
        let pairs = try Exporter.livePhotos(in: [folder.file("\(base).jpg").path, folder.file("\(base).mov").path])
        #expect(pairs.count == 1)
        #expect(pairs.first?.contentIdentifier.rawValue == FixturePair.contentIdentifier)
    }

    @Test(
        "until the renditions job has made them, the downloads are 503 with Retry-After (the Photo too, unless the location is kept), and nothing is made in the request"
    )
    func preparing() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            for (share, format) in [("active", "livephoto"), ("active", "motionphoto"), ("active", "still"), ("kept", "livephoto"), ("kept", "motionphoto")] {
                try await client.execute(uri: "/s/\(PagesFixture.token(share))/download/\(format)", method: .get) { response in
                    #expect(response.status == .serviceUnavailable, "\(share) \(format)")
                    #expect(response.headers[.retryAfter] == "5")
                    #expect(response.body.text.contains("being prepared"))
                }
            }
            // Kept, the still as stored needs nothing made.
            try await client.execute(uri: "/s/\(PagesFixture.token("kept"))/download/still", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(TemporaryDirectory.contents(of: fixture.pair.directory.url).count == 2, "only the pair's two files")
    }

    @Test("a made download is a stored file: ETag, 304 on If-None-Match, ranges")
    func storedDownload() async throws {
        let fixture = try PagesFixture().withRenditions()
        let zip = try #require(fixture.source.shares["active"]?.renditions["livephoto"])
        let uri = "/s/\(PagesFixture.token("active"))/download/livephoto"
        let head = Array(try Data(contentsOf: zip.url).prefix(100))
        try await fixture.application().test(.router) { client in
            let etag = try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == String(zip.size))
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=0-99"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.body.bytes == head)
            }
        }
    }

    @Test("the Photo download is the still alone (without location, or as stored with keepLocation), named after the job", arguments: ["active", "kept"])
    func still(share: String) async throws {
        let fixture = try PagesFixture().withRenditions()
        let renditions = try #require(fixture.source.shares[share]?.renditions)
        let expected = try Data(contentsOf: share == "kept" ? fixture.pair.still.url : try #require(renditions["still"]).url)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token(share))/download/still", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(
                    response.headers[.contentDisposition]
                        == "attachment; filename=\"glint-\(fixture.job.description.prefix(8)).jpg\"; filename*=UTF-8''glint-\(fixture.job.description.prefix(8)).jpg"
                )
                #expect(Data(response.body.bytes) == expected)
            }
        }
    }

    @Test("the Motion Photo download is a JPEG Motion Photo whose video is the pair's motion")
    func motionPhoto() async throws {
        let fixture = try PagesFixture().withRenditions()
        let folder = try TemporaryDirectory()
        let name = "glint-\(fixture.job.description.prefix(8)).MP.jpg"
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/download/motionphoto", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(name)\"; filename*=UTF-8''\(name)")
                try Data(response.body.bytes).write(to: folder.file(name))
            }
        }
        let report = MediaInspector.inspect(folder.file(name).path)
        #expect(report.error == nil)
        #expect(report.kind == .jpeg)
        let motion = try #require(report.motionPhoto)
        #expect(motion.videoLength > 0)
        #expect(motion.video.frameCount > 1)
        #expect((motion.presentationTimestampUs ?? -1) > 0, "the still's time in the motion is kept")
    }
}
