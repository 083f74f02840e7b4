import Foundation
import GlintLivePhoto
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

@testable import GlintServer

@Suite("Share downloads", .enabled(if: SharedFixtures.available, "needs ../shared/fixtures (the real iPhone pair)"))
struct ShareDownloadRouteTests {
    @Test("the Live Photo download is a zip of the pair, and what it holds is still a pair")
    func livePhotoZip() async throws {
        let fixture = try PagesFixture()
        let folder = try TemporaryDirectory()
        let base = "glint-" + fixture.job.description.prefix(8)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/download/livephoto", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/zip")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(base)-live-photo.zip\"")
                try Data(response.body.bytes).write(to: folder.file("download.zip"))
            }
        }
        let archive = try Archive(url: folder.file("download.zip"), accessMode: .read)
        #expect(Set(archive.map(\.path)) == ["\(base).jpg", "\(base).mov"])
        for entry in archive { _ = try archive.extract(entry, to: folder.file(entry.path)) }
        #expect(try Data(contentsOf: folder.file("\(base).jpg")) == Data(contentsOf: fixture.pair.still.url))
        #expect(try Data(contentsOf: folder.file("\(base).mov")) == Data(contentsOf: fixture.pair.movie.url))
        let pairs = try Exporter.livePhotos(in: [folder.file("\(base).jpg").path, folder.file("\(base).mov").path])
        #expect(pairs.count == 1)
        #expect(pairs.first?.contentIdentifier.rawValue == FixturePair.contentIdentifier)
    }

    @Test("a download's file is gone from the disk as soon as its response is made; the body still has every byte")
    func temporaryFileRemoved() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("made.zip")
        let bytes = (0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: file)
        let response = try FileResponses.temporary(file, contentType: "application/zip", fileName: "x.zip")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(response.headers[.contentLength] == "700000")
        let router = Router()
        router.get("/x") { _, _ in response }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/x", method: .get) { received in
                #expect(received.body.bytes == bytes)
            }
        }
    }

    @Test("the Photo download is the still alone, named after the job")
    func still() async throws {
        let fixture = try PagesFixture()
        let expected = try Data(contentsOf: fixture.pair.still.url)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/download/still", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"glint-\(fixture.job.description.prefix(8)).jpg\"")
                #expect(Data(response.body.bytes) == expected)
            }
        }
    }

    @Test("the Motion Photo download is a JPEG Motion Photo whose video is the pair's motion")
    func motionPhoto() async throws {
        let fixture = try PagesFixture()
        let folder = try TemporaryDirectory()
        let name = "glint-\(fixture.job.description.prefix(8)).MP.jpg"
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/download/motionphoto", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(name)\"")
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
