import Foundation
import GlintJobs
import GlintQueue
import GlintTestSupport
import Testing

/// Each kind declares the input names it takes (``JobHandler/acceptedInputs`` and
/// ``JobHandler/optionalInputs``): a job naming any other, or more than
/// ``JobHandlerRegistry/maxInputs``, is refused before anything is probed or staged; `queue.noop`
/// is there only when test kinds are asked for.
@Suite("jobs: declared input names", .suiteTimeLimit)
struct InputNameTests {
    static let edit = Data(#"{"recipe": {}}"#.utf8)

    @Test("names a kind does not take are refused, naming them and what it takes")
    func unknownNames() throws {
        let error = try #require(throws: JobHandlerError.self) {
            try JobHandlerRegistry.glint.check(.livePhotoEdit, parameters: Self.edit, inputs: ["still", "movie", "extra", "more"])
        }
        #expect(error.code == .badParameters && error.isPermanent)
        #expect(error.message.contains("'extra', 'more'") && error.message.contains("lut, motionPhoto, movie, photo, still"), "\(error)")
        let badge = try #require(throws: JobHandlerError.self) {
            try JobHandlerRegistry.glint.check(.badgeApply, parameters: Data(#"{"kind": "live"}"#.utf8), inputs: ["image", "still"])
        }
        #expect(badge.message.contains("'still'"), "\(badge)")
        let rings = try #require(throws: JobHandlerError.self) {
            try JobHandlerRegistry.glint.check(
                .ringsRender, parameters: Data(#"{"move": "1/2", "exercise": "3/4", "stand": "5/6"}"#.utf8), inputs: ["x"])
        }
        #expect(rings.message.contains("takes no input named 'x' (it takes no input)"), "\(rings)")
    }

    @Test("the optional names are taken: a LUT for the Live Photo kinds, a movie for share renditions")
    func optionalNames() throws {
        try JobHandlerRegistry.glint.check(.livePhotoEdit, parameters: Self.edit, inputs: ["still", "movie", "lut"])
        try JobHandlerRegistry.glint.check(.livePhotoEdit, parameters: Self.edit, inputs: ["motionPhoto", "lut"])
        try JobHandlerRegistry.glint.check(.livePhotoExport, parameters: Data(#"{"as": "pair"}"#.utf8), inputs: ["still", "movie", "lut"])
        try JobHandlerRegistry.glint.check(.shareRenditions, parameters: Data("{}".utf8), inputs: ["still", "movie"])
    }

    @Test("100 input names are refused before any is looked at, whatever the kind")
    func tooMany() throws {
        let names = Set((0..<100).map { "input\($0)" })
        for kind in [JobKind.livePhotoEdit, .queueNoop] {
            let error = try #require(throws: JobHandlerError.self) { try JobHandlerRegistry.glint.check(kind, parameters: Self.edit, inputs: names) }
            #expect(error.message.contains("100 inputs") && error.message.contains("at most \(JobHandlerRegistry.maxInputs)"), "\(error)")
        }
        try JobHandlerRegistry.glint.check(.queueNoop, parameters: Data("{}".utf8), inputs: Set((0..<16).map { "any\($0)" }))
    }

    @Test("queue.noop is registered only with test kinds")
    func testKinds() {
        #expect(!JobHandlerRegistry.glint(inputLimits: .default).handles(.queueNoop))
        #expect(JobHandlerRegistry.glint(inputLimits: .default, testKinds: true).handles(.queueNoop))
        #expect(JobHandlerRegistry.glint(inputLimits: .default).handles(.livePhotoEdit))
    }

    @Test("the kinds that work through a movie frame by frame ask for idle priority in their runners; the short ones do not")
    func runnerPriorities() {
        let registry = JobHandlerRegistry.glint(inputLimits: .default)
        for kind in [JobKind.livePhotoEdit, "livephoto.export"] {
            #expect(registry.isolation(of: kind) == .runner(.idle), "\(kind)")
        }
        for kind in ["rings.render", "badge.apply"] as [JobKind] {
            #expect(registry.isolation(of: kind) == .runner(.batch), "\(kind)")
        }
    }

    @Test("a file named by several inputs is probed once, under its first name", .requires(.sharedFixtures))
    func probedOnce() throws {
        let still = SharedFixtures.url(SharedFixtures.Name.livePhotoStill)
        let error = try #require(throws: InputTooLargeError.self) {
            try InputLimits(maxPixels: 1000).check(inputs: ["still": still, "lut": still, "movie": still])
        }
        #expect(error.input == "lut")
    }
}
