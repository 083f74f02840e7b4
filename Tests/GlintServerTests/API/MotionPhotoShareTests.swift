import Foundation
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import NIOFoundationCompat
import Testing

@testable import GlintServer

/// A Motion Photo through the service: uploaded as one blob, exported as a Live Photo pair and
/// edited in its own flavour by the workers; the edit's share page plays its motion (once its
/// renditions have unpacked it) and offers the zipped Live Photo and the Motion Photo.
@Suite("server: Motion Photos", .suiteTimeLimit)
struct MotionPhotoShareTests {
    static let heic = "motionphoto/motionphoto.heic"

    @Test(
        "the Samsung HEIC as one blob: exported as a still and a movie; edited, shared, play the motion, download the pair and the Motion Photo",
        .requires(.fixture(heic)))
    func motionPhotoOverHTTP() async throws {
        try await ServerHarness.with(maxUploadBytes: 64 << 20) { harness in
            try await harness.serve(workers: 1) { client in
                let blob = try await client.uploadID(try SharedFixtures.bytes(Self.heic), key: harness.alice)
                let export =
                    try await client.submit(
                        #"{"kind": "livephoto.export", "params": {"as": "pair"}, "inputs": {"motionPhoto": "\#(blob)"}}"#, key: harness.alice)["id"] as! String
                let edit =
                    try await client.submit(
                        #"{"kind": "livephoto.edit", "params": {"recipe": {"exposure": 0.3}, "preset": "ultrafast"}, "inputs": {"motionPhoto": "\#(blob)"}}"#,
                        key: harness.alice)["id"] as! String
                for id in [export, edit] {
                    let job = try await client.waitUntilFinished(id, key: harness.alice)
                    #expect(job["state"] as? String == "completed", "\(job)")
                }
                let exported = try await client.call(.get, "/v1/jobs/\(export)", key: harness.alice).json()
                #expect(Set((exported["outputs"] as? [String: Any])?.keys ?? [:].keys) == ["still", "movie"])

                let share = try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(edit)"}"#).json()
                let url = try #require(share["url"] as? String)
                let page = try await client.call(.get, url, key: nil)
                #expect(page.status == .ok)
                #expect(String(buffer: page.body).contains("class=\"motion\""), "the page plays motion")
                // The motion is there once the share's renditions job (a worker's) has unpacked it: 503 until then.
                let renditions = try await harness.finishedRenditions(of: try #require(JobID(edit)), tenant: "alice")
                #expect(renditions.state == .completed, "\(renditions.errors)")
                let motion = try await client.call(.get, url + "/motion", key: nil)
                #expect(motion.status == .ok && motion.headers[.contentType] == "video/quicktime")
                let zip = try await client.call(.get, url + "/download/livephoto", key: nil)
                #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
                let motionPhoto = try await client.call(.get, url + "/download/motionphoto", key: nil)
                #expect(motionPhoto.status == .ok)
                let folder = try harness.directory.subdirectory("shared")
                let file = folder.appendingPathComponent("shared.MP.heic")
                try Data(buffer: motionPhoto.body).write(to: file)
                #expect(MediaInspector.inspect(file.path).motionPhoto?.source == .heifBox, "the download is the edited Motion Photo")
            }
        }
    }
}
