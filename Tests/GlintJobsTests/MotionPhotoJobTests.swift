import Foundation
import GlintJobs
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// `livephoto.export` and `livephoto.edit` with one `motionPhoto` input (the Samsung HEIC): the
/// export as a pair pairs, the export as a Motion Photo and the edit stay a HEIC Motion Photo; a job with neither a Motion Photo
/// nor a still and a movie is refused, naming both forms.
@Suite("worker: Motion Photo jobs", .suiteTimeLimit)
struct MotionPhotoJobTests {
    static let heic = "motionphoto/motionphoto.heic"

    @Test(
        "livephoto.export of a motionPhoto as a pair: a HEIC and a MOV that pair",
        .requires(.fixture(heic)))
    func exportAsPair() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(.livePhotoExport, #"{"as": "pair"}"#, inputs: ["motionPhoto": SharedFixtures.url(Self.heic)])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            #expect(Set(job.outputs.keys) == ["still", "movie"])
            let still = harness.directory.file("out.HEIC")
            let movie = harness.directory.file("out.MOV")
            try harness.output(job, "still").write(to: still)
            try harness.output(job, "movie").write(to: movie)
            let pairing = LivePhotoPairing.pair([MediaInspector.inspect(still.path), MediaInspector.inspect(movie.path)])
            #expect(pairing.livePhotos.count == 1, "\(pairing.unpaired)")
        }
    }

    @Test(
        "livephoto.edit of a motionPhoto: one HEIC Motion Photo with an mpvd box, HEVC motion, every frame",
        .requires(.fixture(heic)))
    func editKeepsTheFlavour() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(
                .livePhotoEdit, #"{"recipe": {"exposure": 0.3}, "preset": "ultrafast"}"#, inputs: ["motionPhoto": SharedFixtures.url(Self.heic)])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            #expect(Array(job.outputs.keys) == ["motionPhoto"])
            let file = harness.directory.file("edited.heic")
            try harness.output(job, "motionPhoto").write(to: file)
            let photo = try #require(try MotionPhotoReader.read(path: file.path).motionPhoto)
            #expect(photo.source == .heifBox && photo.primaryMime == "image/heic")
            #expect(photo.video.codec == "hevc" && photo.video.frameCount == 62 && photo.video.audioCodec == "aac")
            #expect(abs(Double(photo.presentationTimestampUs ?? 0) / 1e6 - 2.05659) < 1.0 / 30)
        }
    }

    @Test(
        "livephoto.export of a motionPhoto as a Motion Photo: its own HEIC container and HEVC motion unless told; an unknown container or codec is refused",
        .requires(.fixture(heic)))
    func exportAsMotionPhotoKeepsItsForm() async throws {
        try await WorkerHarness.with(handlers: .glint) { harness in
            let id = try await harness.submit(.livePhotoExport, #"{"as": "motion-photo"}"#, inputs: ["motionPhoto": SharedFixtures.url(Self.heic)])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            try #require(job.state == .completed, "errors: \(job.errors)")
            let file = harness.directory.file("out.heic")
            try harness.output(job, "motion-photo").write(to: file)
            let photo = try #require(try MotionPhotoReader.read(path: file.path).motionPhoto)
            #expect(photo.primaryMime == "image/heic" && photo.video.codec == "hevc" && photo.video.frameCount == 62)
        }
        for hostile in [#"{"as": "motion-photo", "motionContainer": "png"}"#, #"{"as": "motion-photo", "motionCodec": "vp9"}"#] {
            #expect(throws: JobHandlerError.self, "\(hostile)") {
                try JobHandlerRegistry.glint.check(.livePhotoExport, parameters: Data(hostile.utf8), inputs: ["motionPhoto"])
            }
        }
    }

    @Test("a job with neither a motionPhoto nor a still and a movie is refused, naming both forms")
    func missingInputs() throws {
        let error = try #require(throws: JobHandlerError.self) {
            try JobHandlerRegistry.glint.check(.livePhotoExport, parameters: Data(#"{"as": "pair"}"#.utf8), inputs: ["still"])
        }
        #expect("\(error)".contains("'movie'") && "\(error)".contains("motionPhoto"), "\(error)")
        try JobHandlerRegistry.glint.check(.livePhotoEdit, parameters: Data(#"{"recipe": {}}"#.utf8), inputs: ["motionPhoto"])
    }
}
