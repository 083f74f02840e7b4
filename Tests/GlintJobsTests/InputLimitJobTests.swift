import Foundation
import GlintJobs
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// A worker with ``InputLimits`` refuses a job submitted to its store directly (past the API's
/// check) whose inputs are over them: discarded at once with `input-too-large`, before any decoding.
@Suite("jobs: input limits in the worker", .requires(.sharedFixtures), .suiteTimeLimit)
struct InputLimitJobTests {
    static let pair: [String: URL] = [
        "still": SharedFixtures.url(SharedFixtures.Name.livePhotoStill), "movie": SharedFixtures.url(SharedFixtures.Name.livePhotoMovie),
    ]

    @Test("a still over the pixel limit and a movie over the motion limit are permanent input-too-large failures")
    func overLimits() async throws {
        let cases: [(InputLimits, String)] = [
            (InputLimits(maxPixels: 1_000_000), "input 'still' is 4032x3024 = 12.2 MP, over the limit of 1.0 MP (--max-pixels)"),
            (InputLimits(maxMotionSeconds: 0.5), "input 'movie' has 1.23 s of motion, over the limit of 0.5 s (--max-motion-seconds)"),
        ]
        for (limits, message) in cases {
            try await WorkerHarness.with(handlers: .glint(inputLimits: limits, testKinds: true)) { harness in
                let id = try await harness.submit(.livePhotoEdit, #"{"recipe": {"exposure": 0.5}}"#, inputs: Self.pair, maxAttempts: 5)
                let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
                #expect(job.state == .discarded)
                #expect(job.attempt == 1)
                try #require(job.errors.count == 1, "errors: \(job.errors)")
                #expect(job.errors[0].code == "input-too-large")
                #expect(job.errors[0].message == message)
            }
        }
    }

    @Test("the limits' check: each input by name, unreadable and non-media inputs left to the handler")
    func check() throws {
        let limits = InputLimits(maxPixels: 13_000_000, maxMotionSeconds: 1.5)
        try limits.check(inputs: Self.pair)
        try limits.check(inputs: ["lut": URL(fileURLWithPath: "/nonexistent.cube")])
        let error = try #require(throws: InputTooLargeError.self) {
            try InputLimits(maxPixels: 13_000_000, maxMotionSeconds: 1).check(inputs: Self.pair)
        }
        #expect(error.code == .inputTooLarge && error.isPermanent)
        #expect(error.input == "movie" && error.limit == .motionSeconds)
        #expect(abs(error.measured - 1.2333) < 0.001 && error.maximum == 1)
    }
}
