import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// `glint rings` as a user runs it: a PNG and its JSON report, and refusals that leave nothing.
@Suite("glint rings", .suiteTimeLimit)
struct RingsCommandTests {
    @Test func drawsAPNGAndReportsTheGeometry() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let out = work.file("rings.png").path
        let run = try GlintProcess.run([
            "rings", "--move", "420/600", "--exercise", "1.3", "--stand", "50%",
            "--size", "300", "--scale", "2", "--out", out, "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        let json = try run.jsonObject()
        let geometry = try #require(json["geometry"] as? [String: Any])
        let d = try #require(geometry["outerDiameter"] as? Double)
        #expect(abs(d - 255) < 1e-6)
        #expect(abs((geometry["thickness"] as? Double ?? 0) - d * 11 / 104) < 1e-6)
        #expect((geometry["margin"] as? Double ?? 0) >= (geometry["gap"] as? Double ?? .infinity))
        let progress = try #require(json["progress"] as? [String: Any])
        let move = try #require(progress["move"] as? [String: Any])
        #expect(move["fraction"] as? Double == 0.7 && move["goal"] as? Double == 600)
        let output = try #require(json["output"] as? [String: Any])
        #expect(output["path"] as? String == out && output["width"] as? Int == 300)
        let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width == 300 && image.height == 300)
        #expect(image[0, 0] == (0, 0, 0, 255))
    }

    @Test func aCorrectionIsReported() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let run = try GlintProcess.run([
            "rings", "--move", "0.001", "--exercise", "1", "--stand", "1", "--size", "128",
            "--margin", "0", "--out", work.file("r.png").path, "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        let corrections = try #require(try run.jsonObject()["corrections"] as? [[String: Any]])
        let kinds = Set(corrections.compactMap { $0["kind"] as? String })
        #expect(kinds == ["marginWidened", "progressBelowSmallestArc"])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var words: [String]
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "negative progress", arguments: ["--move", "-0.2"], words: ["negative", "move"]),
        Refusal(name: "NaN progress", arguments: ["--stand", "nan"], words: ["nan", "stand"]),
        Refusal(name: "zero goal", arguments: ["--exercise", "30/0"], words: ["goal"]),
        Refusal(name: "size 15", arguments: ["--size", "15"], words: ["16", "8192"]),
        Refusal(name: "size 8193", arguments: ["--size", "8193"], words: ["16", "8192"]),
        Refusal(name: "scale 4", arguments: ["--scale", "4"], words: ["scale"]),
        Refusal(name: "colour override", arguments: ["--move-color", "#0000FF"], words: ["colours", "never change"]),
        Refusal(name: "colour override (--color)", arguments: ["--color", "red"], words: ["colours", "never change"]),
        Refusal(name: "tint", arguments: ["--tint", "0.5"], words: ["colours"]),
        Refusal(name: "circle as JPEG", arguments: ["--shape", "circle", "--format", "jpeg"], words: ["jpeg", "transparen"]),
    ]

    @Test("refusals: one clear line, exit 1, no file", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        var arguments = ["rings", "--move", "0.5", "--exercise", "0.5", "--stand", "0.5", "--size", "64", "--out", work.file("r.png").path]
        arguments += refusal.arguments
        let run = try GlintProcess.run(arguments)
        #expect(run.failedCleanly && run.status == 1, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.stderrText)")
        let line = run.stderrText.lowercased()
        #expect(refusal.words.allSatisfy { line.contains($0.lowercased()) }, "\(run.stderrText)")
        #expect(TemporaryDirectory.contents(of: work.url).isEmpty, "nothing written")
    }

    @Test func writesJPEGWhenTheExtensionSaysSo() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let out = work.file("rings.jpg").path
        let run = try GlintProcess.run(["rings", "--move", "0.5", "--exercise", "0.9", "--stand", "1.2", "--size", "128", "--out", out])
        try #require(run.succeeded, "\(run.summary)")
        let decoded = try JPEGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(decoded.width == 128)
    }
}
