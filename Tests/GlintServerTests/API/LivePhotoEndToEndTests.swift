import Foundation
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import NIOFoundationCompat
import Testing

@testable import GlintServer

/// The acceptance path over real HTTP: upload the real iPhone pair, submit a `livephoto.edit`,
/// follow its events to completion, download the outputs, and check they still pair.
@Suite("server: Live Photo end to end", .suiteTimeLimit)
struct LivePhotoEndToEndTests {
    @Test(
        "upload the iPhone pair, edit it, follow /events to completion, download a pair that still pairs",
        .requires(.sharedFixtures))
    func editOverHTTP() async throws {
        try await ServerHarness.with(maxUploadBytes: 64 << 20) { harness in
            try await harness.serve(workers: 1) { client in
                let port = try #require(client.port)
                let stillBytes = try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)
                let movieBytes = try SharedFixtures.bytes(SharedFixtures.Name.livePhotoMovie)
                let still = try await client.uploadID(stillBytes, key: harness.alice)
                let movie = try await client.uploadID(movieBytes, key: harness.alice)
                #expect(still == SHA256Hex.of(stillBytes))

                let recipe = #"{"exposure": 0.5, "crop": {"x": 0.1, "y": 0.1, "width": 0.8, "height": 0.8}}"#
                let body =
                    #"{"kind": "livephoto.edit", "params": {"recipe": \#(recipe), "preset": "ultrafast"}, "inputs": {"still": "\#(still)", "movie": "\#(movie)"}}"#
                let id = try await client.submit(body, key: harness.alice)["id"] as! String

                let stream = try await EventStream.read(port: port, path: "/v1/jobs/\(id)/events", key: harness.alice)
                #expect(stream.status == 200)
                #expect(stream.contentType == "text/event-stream")
                let last = try #require(stream.events.last)
                #expect(last.name == "completed", "events: \(stream.events.map(\.name)), last: \(last.data)")
                #expect(stream.events.dropLast().allSatisfy { $0.name == "progress" })
                #expect(stream.events.count >= 2)
                let outputs = try #require(last.json["outputs"] as? [String: [String: Any]])
                #expect(outputs["still"]?["contentType"] as? String == "image/jpeg")
                #expect(outputs["movie"]?["contentType"] as? String == "video/quicktime")

                let folder = try harness.directory.subdirectory("downloaded")
                for (name, file) in [("still", "IMG_train.jpg"), ("movie", "IMG_train.mov")] {
                    let download = try await EventStream.download(port: port, path: "/v1/jobs/\(id)/outputs/\(name)", key: harness.alice)
                    #expect(download.status == 200)
                    #expect(download.headers["content-length"] == String(download.body.count))
                    #expect(download.headers["content-disposition"]?.hasPrefix("attachment; filename=\"\(id.prefix(8))-\(name).") == true)
                    try download.body.write(to: folder.appendingPathComponent(file))
                }
                let stillPath = folder.appendingPathComponent("IMG_train.jpg").path
                let moviePath = folder.appendingPathComponent("IMG_train.mov").path
                let pairing = LivePhotoPairing.pair([MediaInspector.inspect(stillPath), MediaInspector.inspect(moviePath)])
                try #require(pairing.livePhotos.count == 1, "the downloaded outputs do not pair: \(pairing.unpaired)")
                #expect(pairing.livePhotos[0].contentIdentifier.rawValue == "E905E6C6-C747-4805-942F-9904A0281F02")
                let report = try #require(MediaInspector.inspect(stillPath).still)
                let kept = Double(report.width * report.height) / Double(4032 * 3024)
                #expect(abs(kept - 0.64) < 0.01, "the crop was not applied: \(report.width)x\(report.height)")

                // Shared: the page and its still come from the stores through ServerPageDataSource, and
                // the dashboard counts the job; a revoked share's page says so.
                let share = try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(id)"}"#).json()
                let url = try #require(share["url"] as? String)
                let page = try await client.call(.get, url, key: nil)
                #expect(page.status == .ok)
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
                // Without keepLocation the still is the renditions job's copy without GPS: 503 until
                // made (the share's renditions job, a worker's, not the request's), then the copy.
                let editID = try #require(JobID(id))
                let made = try await harness.finishedRenditions(of: editID, tenant: "alice")
                #expect(made.state == .completed, "\(made.errors)")
                let sharedStill = try await client.call(.get, url + "/still", key: nil)
                #expect(sharedStill.status == .ok)
                try Data(buffer: sharedStill.body).write(to: folder.appendingPathComponent("shared.jpg"))
                #expect(try StillImageReader.read(path: stillPath).exif?.hasGPS == true, "the edit keeps the position")
                #expect(try StillImageReader.read(path: folder.appendingPathComponent("shared.jpg").path).exif?.hasGPS == false)
                // The share's renditions job made the page's picture, the thumbnail and the pair's downloads.
                let zip = try await client.call(.get, url + "/download/livephoto", key: nil)
                #expect(zip.status == .ok)
                #expect(zip.headers[.contentType] == "application/zip")
                #expect(zip.headers[.eTag] != nil)
                let motionPhoto = try await client.call(.get, url + "/download/motionphoto", key: nil)
                #expect(motionPhoto.status == .ok)
                #expect(motionPhoto.headers[.contentDisposition]?.contains(".MP.jpg") == true)
                try Data(buffer: motionPhoto.body).write(to: folder.appendingPathComponent("shared.MP.jpg"))
                #expect(MediaInspector.inspect(folder.appendingPathComponent("shared.MP.jpg").path).motionPhoto != nil)
                for (path, longSide) in [(url + "/display", 1280), ("/dashboard/jobs/\(id)/thumbnail", 640)] {
                    let picture = try await client.call(.get, path, key: harness.alice)
                    #expect(picture.status == .ok, "\(path)")
                    try Data(buffer: picture.body).write(to: folder.appendingPathComponent("picture.jpg"))
                    let report = try #require(MediaInspector.inspect(folder.appendingPathComponent("picture.jpg").path).still, "\(path)")
                    #expect(max(report.width, report.height) == longSide, "\(path): \(report.width)x\(report.height)")
                }
                // What the renditions job made counts against alice's stored bytes, beside her uploads and the edit's outputs.
                let edit = try #require(try await harness.server.jobs.job(editID, tenant: "alice"))
                let renditions = try #require(
                    try await harness.server.jobs.job(idempotencyKey: ServerContext.renditionsKey(of: edit.id), tenant: "alice"))
                #expect(renditions.state == .completed && !renditions.outputs.isEmpty)
                let stored = Set(edit.inputs.values).union(edit.outputs.values).union(renditions.outputs.values)
                let expectedBytes = stored.reduce(Int64(0)) { $0 + (harness.server.blobs.size(of: $1) ?? 0) }
                #expect(try await harness.server.store.storedBytes(tenant: "alice") == expectedBytes)
                let dashboard = try await client.call(.get, "/dashboard/data.json", key: harness.alice).json()
                #expect((dashboard["counts"] as? [String: Int])?["completed"] == 2, "the edit and its renditions")
                #expect(try await client.call(.delete, "/v1/shares/\(share["id"] as! String)", key: harness.alice).status == .noContent)
                let revoked = try await client.call(.get, url, key: nil)
                #expect(revoked.status != .ok)
                #expect(String(buffer: revoked.body).lowercased().contains("revoked"))
            }
        }
    }

    @Test("events of a failing job end with 'discarded'; only a completed job is shared, signed, and revoked once")
    func discardedEventsAndShares() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve(workers: 1) { client in
                let port = try #require(client.port)
                let id = try await client.submit(#"{"kind": "queue.noop", "params": {"failTimes": 5}, "maxAttempts": 1}"#, key: harness.alice)["id"] as! String
                let stream = try await EventStream.read(port: port, path: "/v1/jobs/\(id)/events", key: harness.alice)
                #expect(stream.events.last?.name == "discarded")
                #expect((stream.events.last?.json["errors"] as? [[String: Any]])?.first?["code"] as? String == "noop-failure")
                // A job that did not complete has nothing to share: renditions are made when a share is created.
                #expect(try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(id)"}"#).problemSlug == "conflict")

                let done = try await client.submit(#"{"kind": "queue.noop", "params": {"output": "shared"}}"#, key: harness.alice)["id"] as! String
                #expect(try await client.waitUntilFinished(done, key: harness.alice)["state"] as? String == "completed")
                let clock = harness.server.clock
                let before = clock.now()
                let created = try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(done)", "expiresIn": 3600}"#)
                let after = clock.now()
                #expect(created.status == .created)
                let share = try created.json()
                let url = try #require(share["url"] as? String)
                #expect(url.hasPrefix("/s/"))
                guard case .valid(let token) = ShareToken.check(String(url.dropFirst(3)), secret: harness.server.shareSecret, now: after) else {
                    Issue.record("the share URL's token does not verify: \(url)")
                    return
                }
                #expect(token.shareID == share["id"] as? String)
                // An hour after the request was served (the token keeps whole seconds).
                #expect(token.expiresAt > before.addingTimeInterval(3600 - 1) && token.expiresAt <= after.addingTimeInterval(3600), "\(token.expiresAt)")
                #expect(try await harness.server.store.share(id: token.shareID)?.job.description == done)
                #expect(
                    try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(done)", "expiresIn": 1}"#).problemSlug
                        == "invalid-parameters")
                #expect(try await client.call(.delete, "/v1/shares/\(token.shareID)", key: harness.alice).status == .noContent)
                #expect(try await harness.server.store.share(id: token.shareID)?.revokedAt != nil)
            }
        }
    }
}
