import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// The one rings operation `glint rings` and the `rings.render` job call: format names, the rule
/// that JPEG cannot hold a circle, progress text, and the file written.
@Suite("Activity Rings file operation", .suiteTimeLimit)
struct ActivityRingsFileTests {
    @Test("format names: png, jpeg and jpg in any case; nothing else")
    func formatNames() {
        #expect(RingsOutputFormat(name: "PNG") == .png)
        #expect(RingsOutputFormat(name: "jpg") == .jpeg)
        #expect(RingsOutputFormat(name: "Jpeg") == .jpeg)
        #expect(RingsOutputFormat(name: "gif") == nil)
    }

    @Test("JPEG holds a square canvas but not a circle; PNG holds both")
    func jpegHasNoTransparency() {
        #expect(RingsOutputFormat.png.canHold(.circle))
        #expect(RingsOutputFormat.png.canHold(.square))
        #expect(RingsOutputFormat.jpeg.canHold(.square))
        #expect(!RingsOutputFormat.jpeg.canHold(.circle))
    }

    @Test("progress text parses per ring, naming the ring when refused")
    func progressText() throws {
        let request = try ActivityRingsRequest(parsingMove: "75%", exercise: "420/600", stand: "0.5")
        #expect(request.move.fraction == 0.75)
        #expect(request.exercise.value == 420 && request.exercise.goal == 600)
        #expect(request.stand.fraction == 0.5)
        #expect(request.size == ActivityRingsRequest.defaultSize)
        let error = #expect(throws: RingsError.self) { try ActivityRingsRequest(parsingMove: "1", exercise: "lots", stand: "1") }
        #expect(error?.problem.contains("the exercise progress") == true)
    }

    @Test("a circle as JPEG is refused before any drawing, naming the file")
    func circleAsJPEGIsRefused() throws {
        let request = try ActivityRingsRequest(parsingMove: "1", exercise: "1", stand: "1", size: 64, shape: .circle)
        let error = #expect(throws: RingsError.self) { try ActivityRingsFile(request: request, format: .jpeg, path: "r.jpg") }
        #expect(error?.kind == .unsupportedOutput)
        #expect(error?.file == "r.jpg")
    }

    @Test("writes the encoded drawing, reporting each phase in order")
    func writes() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let request = try ActivityRingsRequest(parsingMove: "0.75", exercise: "1.3", stand: "0.5", size: 128)
        let path = work.file("rings.png").path
        var phases: [ActivityRingsFile.Phase] = []
        let written = try ActivityRingsFile(request: request, format: .png, path: path).write { phases.append($0) }
        #expect(phases == ActivityRingsFile.Phase.allCases)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes == (try ActivityRingsWriter.encode(written.rendered.image, as: .png)))
        #expect(written.bytes == bytes.count)
    }
}
