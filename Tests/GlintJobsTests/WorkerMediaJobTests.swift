import Foundation
import GlintGraphics
import GlintJobs
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// The worker running Glint's real handlers: outputs are checked against what the libraries
/// produce, and the edited Live Photo must still pair.
@Suite("worker: Live Photo, rings and badge jobs", .suiteTimeLimit)
struct WorkerMediaJobTests {
    @Test(
        "livephoto.edit on the real iPhone pair gives a pair that still pairs, with its identifier",
        .requires(.sharedFixtures))
    func livePhotoEdit() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(
                .livePhotoEdit, #"{"recipe": {"exposure": 0.5, "crop": {"x": 0.1, "y": 0.1, "width": 0.8, "height": 0.8}}, "preset": "ultrafast"}"#,
                inputs: ["still": SharedFixtures.url(SharedFixtures.Name.livePhotoStill), "movie": SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            #expect(Set(job.outputs.keys) == ["still", "movie"])

            // The outputs, named as files again, pair by content identifier as `glint inspect` pairs them.
            let folder = try harness.directory.subdirectory("edited")
            let still = folder.appendingPathComponent("IMG_train.jpg")
            let movie = folder.appendingPathComponent("IMG_train.mov")
            try harness.output(job, "still").write(to: still)
            try harness.output(job, "movie").write(to: movie)
            let pairing = LivePhotoPairing.pair([MediaInspector.inspect(still.path), MediaInspector.inspect(movie.path)])
            try #require(pairing.livePhotos.count == 1, "the edited outputs do not pair: \(pairing.unpaired)")
            #expect(pairing.livePhotos[0].contentIdentifier.rawValue == "E905E6C6-C747-4805-942F-9904A0281F02")
            #expect(abs((pairing.livePhotos[0].stillImageTime ?? -1) - 0.48) <= 1.0 / 600)
            let stillReport = try #require(MediaInspector.inspect(still.path).still)
            // The 0.8 x 0.8 crop leaves 64% of the 4032x3024 picture.
            let kept = Double(stillReport.width * stillReport.height) / Double(4032 * 3024)
            #expect(abs(kept - 0.64) < 0.01, "the crop was not applied: \(stillReport.width)x\(stillReport.height)")
        }
    }

    @Test(
        "livephoto.export as a Motion Photo, location stripped: one JPEG that Glint reads as a Motion Photo without GPS",
        .requires(.sharedFixtures))
    func livePhotoExport() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(
                .livePhotoExport, #"{"as": "motion-photo", "stripLocation": true}"#,
                inputs: ["still": SharedFixtures.url(SharedFixtures.Name.livePhotoStill), "movie": SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            #expect(Array(job.outputs.keys) == ["motion-photo"])
            let file = harness.directory.file("IMG_train.MP.jpg")
            try harness.output(job, "motion-photo").write(to: file)
            let report = MediaInspector.inspect(file.path)
            #expect(report.motionPhoto != nil, "not read as a Motion Photo: \(String(describing: report.error))")
            #expect(report.still?.hasGPS == false)
        }
    }

    @Test("rings.render writes the PNG ActivityRingsRenderer draws for the same request")
    func ringsRender() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(.ringsRender, #"{"move": 0.75, "exercise": "50%", "stand": "6/12", "size": 128, "shape": "circle"}"#)
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            let bytes = try harness.output(job, "rings")
            let image = try PNGDecoder.decode([UInt8](bytes))
            #expect(image.width == 128 && image.height == 128)

            let request = ActivityRingsRequest(
                move: try RingProgress(fraction: 0.75), exercise: try RingProgress(fraction: 0.5),
                stand: try RingProgress(value: 6, goal: 12), size: 128, shape: .circle)
            let expected = try ActivityRingsWriter.encode(try ActivityRingsRenderer.render(request).image, as: .png)
            #expect([UInt8](bytes) == expected, "the job's PNG differs from the library's for the same request")
        }
    }

    @Test(
        "badge.apply writes the badged JPEG BadgeCompositor makes, and the badge is found with its clear space",
        .requires(.sharedFixtures))
    func badgeApply() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let source = SharedFixtures.url(SharedFixtures.Name.livePhotoStill)
            let id = try await harness.submit(.badgeApply, #"{"kind": "live", "corner": "top-right"}"#, inputs: ["image": source])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            let bytes = try harness.output(job, "image")
            let specification = try BadgeSpecification(kinds: [.live], corner: .topRight)
            let expected = try BadgeCompositor.badge(path: source.path, specification: specification)
            #expect([UInt8](bytes) == expected.bytes, "the job's image differs from BadgeCompositor's")

            let file = harness.directory.file("badged.jpg")
            try bytes.write(to: file)
            let report = try BadgeDetector.check(path: file.path, specification: specification)
            #expect(report.passes, "badge check: \(report.problems)")
        }
    }
}
