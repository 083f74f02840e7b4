import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("ExportFormat", .suiteTimeLimit)
struct ExportFormatTests {
    /// The spellings are API: the command line's `--as`, the job parameters' `as`, the JSON.
    @Test func rawValuesAreTheSpellingsUsersType() {
        #expect(ExportFormat.allCases.map(\.rawValue) == ["pair", "still", "motion-photo", "mp4", "gif", "webp"])
        #expect(EffectFormat.allCases.map(\.rawValue) == ["mp4", "gif", "webp", "jpeg"])
    }

    /// GIF and WebP are always an effect (Live unless another is asked for); the others have an
    /// exporter of their own.
    @Test func eachFormatHasAWriter() {
        for format in ExportFormat.allCases {
            switch format.writer {
            case .effect(let effect): #expect([.gif, .webp].contains(format) && effect == .live)
            case .exporter: #expect(![.gif, .webp].contains(format))
            }
        }
    }

    @Test func effectsNameTheFormatsTheyAreExportedAs() {
        #expect(EffectExporter.allowedFormats(for: .live) == "mp4, gif or webp")
        #expect(EffectExporter.allowedFormats(for: .bounce) == "mp4, gif or webp")
        #expect(EffectExporter.allowedFormats(for: .longExposure) == "still")
        #expect(ExportFormat.still.effectFormat(for: .longExposure) == .jpeg)
        #expect(ExportFormat.still.effectFormat(for: .loop) == nil)
        #expect(ExportFormat.pair.effectFormat(for: .live) == nil)
    }

    @Test func effectFormatsSayWhetherTheyLoopAndCarryColour() {
        #expect(EffectFormat.allCases.filter(\.loops) == [.gif, .webp])
        #expect(EffectFormat.allCases.filter(\.isAnimated) == [.mp4, .gif, .webp])
        #expect(EffectFormat.allCases.filter(\.carriesColour) == [.mp4])
    }
}
