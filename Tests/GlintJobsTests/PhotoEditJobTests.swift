import Foundation
import GlintJobs
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// `livephoto.edit` with one `photo` input: a photo without motion is edited as a Live Photo's
/// still is, in its own format; a movie given as the photo is refused, not decoded as a still.
@Suite("worker: photo edit jobs", .suiteTimeLimit)
struct PhotoEditJobTests {
    @Test("livephoto.edit of a photo: one JPEG output named photo, the recipe's size, the metadata kept", .requires(.sharedFixtures))
    func editsAPhoto() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(
                .livePhotoEdit, #"{"recipe": {"maxDimension": 400, "saturation": -1}}"#,
                inputs: ["photo": SharedFixtures.url(SharedFixtures.Name.livePhotoStill)])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            #expect(Array(job.outputs.keys) == ["photo"])
            let file = harness.directory.file("edited.jpg")
            try harness.output(job, "photo").write(to: file)
            let report = MediaInspector.inspect(file.path)
            #expect(report.kind == .jpeg && report.error == nil, "\(report)")
            #expect(max(report.still?.width ?? 0, report.still?.height ?? 0) == 400, "\(String(describing: report.still))")
            #expect(report.still?.contentIdentifier?.rawValue == "E905E6C6-C747-4805-942F-9904A0281F02", "the MakerNote is kept")
        }
    }

    @Test("livephoto.edit of a PNG photo: one PNG output, the recipe's size")
    func editsAPNG() async throws {
        let directory = try TemporaryDirectory()
        var image = RGBImage(width: 300, height: 200)
        for i in image.pixels.indices { image.pixels[i] = UInt8(i % 200) }
        let png = directory.file("shot.png")
        try Data(try PNGEncoder.encode(image)).write(to: png)
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(.livePhotoEdit, #"{"recipe": {"maxDimension": 150, "exposure": 0.5}}"#, inputs: ["photo": png])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            let bytes = Array(try harness.output(job, "photo"))
            let edited = try PNGDecoder.decode(bytes)
            #expect(edited.width == 150 && edited.height == 100, "\(edited.width)x\(edited.height)")
        }
    }

    @Test("a movie given as the photo fails as invalid input naming the file, on the first attempt", .requires(.sharedFixtures))
    func movieAsPhoto() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(
                .livePhotoEdit, #"{"recipe": {"exposure": 0.5}}"#, inputs: ["photo": SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)],
                maxAttempts: 3)
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            #expect(job.state == .discarded && job.attempt == 1, "\(job.state) after \(job.attempt): \(job.errors)")
            #expect(job.errors.first?.code == "invalid-input", "\(job.errors)")
        }
    }
}
