import GlintJobs
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// Glint's handlers refuse what can never work on the first attempt: the worker discards the job
/// with one error naming the field or input.
@Suite("handlers: permanent failures are discarded at once", .suiteTimeLimit)
struct HandlerPermanentFailureTests {
    static let cases: [PermanentCase] = [
        PermanentCase(kind: "rings.render", parameters: #"{"move": 0.5, "exercise": 0.5}"#, code: "bad-parameters", named: "stand"),
        PermanentCase(
            kind: "livephoto.edit", parameters: #"{"recipe": {"exposure": 99}}"#, inputs: ["still": "x", "movie": "x"],
            code: "bad-parameters", named: "exposure"),
        PermanentCase(kind: "livephoto.edit", parameters: #"{"recipe": {"exposure": 1}}"#, inputs: ["still": "x"], code: "missing-input", named: "movie"),
        PermanentCase(kind: "livephoto.edit", parameters: #"{"recipe": {"exposure": 1}}"#, inputs: ["photo": "x"], code: "invalid-input", named: "photo"),
        PermanentCase(
            kind: "badge.apply", parameters: #"{"kind": "live"}"#, inputs: ["image": String(repeating: "ab", count: 32)],
            code: "missing-input", named: "image"),
        PermanentCase(kind: "badge.apply", parameters: #"{"kind": "live"}"#, inputs: ["image": "x"], code: "invalid-input", named: "image"),
    ]

    @Test("bad parameters, missing and invalid inputs", arguments: HandlerPermanentFailureTests.cases)
    func discardedAtOnce(_ example: PermanentCase) async throws {
        try await WorkerHarness.expectDiscardedAtOnce(example, handlers: .glint)
    }
}
