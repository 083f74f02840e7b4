import GlintTestSupport
import Testing

@testable import GlintGraphics

/// Progress parsing and refusals.
@Suite("Activity Rings progress", .suiteTimeLimit)
struct RingProgressTests {
    @Test func fractionsPercentagesAndValueOverGoal() throws {
        #expect(try RingProgress(parsing: "0.75").fraction == 0.75)
        #expect(try RingProgress(parsing: "130%").fraction == 1.3)
        let p = try RingProgress(parsing: "420/600", ring: .move)
        #expect(p.fraction == 0.7)
        #expect(p.value == 420 && p.goal == 600)
        #expect(try RingProgress(parsing: "0").fraction == 0)
    }

    @Test(
        "bad progress is refused, naming the ring", arguments: ["-0.1", "nan", "NaN", "inf", "-inf", "1/0", "5/-3", "-1/2", "abc", "", "1/2/3", "1e9", "nan/2"])
    func refused(_ text: String) {
        do {
            _ = try RingProgress(parsing: text, ring: .exercise)
            Issue.record("\"\(text)\" was accepted")
        } catch let error as RingsError {
            #expect(error.kind == .invalidProgress)
            #expect(error.problem.contains("exercise"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func negativeAndNaNSayWhatIsWrong() {
        #expect(throws: RingsError(.invalidProgress, "the move progress cannot be negative (-0.5)")) {
            try RingProgress(fraction: -0.5, ring: .move)
        }
        #expect(throws: RingsError(.invalidProgress, "the stand progress is not a number (NaN)")) {
            try RingProgress(fraction: .nan, ring: .stand)
        }
    }

    @Test func theColoursCannotBeOverridden() {
        // The palette has no public initialiser; the CLI refuses colour options with the rule.
        let error = RingsError.colourOverride("--move-color")
        #expect(error.kind == .colourOverride)
        #expect(error.problem.contains("Never change the rings' colours"))
        #expect(ActivityRingPalette.move.track == RingColour(red: 38, green: 3, blue: 12))
    }
}
