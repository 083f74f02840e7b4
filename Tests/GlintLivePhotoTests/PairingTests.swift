import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Pairing", .requires(.sharedFixtures), .suiteTimeLimit)
struct PairingTests {
    @Test func realPairIsOneLivePhoto() throws {
        let result = LivePhotoPairing.pair([SharedFixtures.livePhotoStill, SharedFixtures.livePhotoMovie].map(MediaInspector.inspect))
        #expect(result.unpaired.isEmpty)
        #expect(result.livePhotos.count == 1)
        let photo = try #require(result.livePhotos.first)
        #expect(photo.contentIdentifier.rawValue == "E905E6C6-C747-4805-942F-9904A0281F02")
        #expect(abs((photo.stillImageTime ?? 0) - 0.48) <= 1.0 / 600)
    }

    @Test func mismatchedIdentifiersNeverPair() {
        let result = LivePhotoPairing.pair([SharedFixtures.mismatchedStill, SharedFixtures.mismatchedMovie].map(MediaInspector.inspect))
        #expect(result.livePhotos.isEmpty)
        #expect(result.unpaired.count == 2)
        for file in result.unpaired {
            #expect(file.reason.contains("matches no"), "\(file.reason)")
            #expect(file.reason.contains("same base name"), "\(file.reason)")
        }
    }

    @Test func fileNamesAloneDoNotPair() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillIdentifier = nil
            $0.movieIdentifier = nil
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        let result = LivePhotoPairing.pair([still, movie].map(MediaInspector.inspect))
        #expect(result.livePhotos.isEmpty)
        #expect(result.unpaired.allSatisfy { $0.reason.contains("no content identifier") })
    }

    @Test func unreadableFilesAreReportedNotPaired() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let empty = directory.file("empty.jpg").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let report = MediaInspector.inspect(empty)
        #expect(report.error?.contains(empty) == true)
        let result = LivePhotoPairing.pair([report])
        #expect(result.unpaired.first?.reason.hasPrefix("unreadable") == true)
    }
}
