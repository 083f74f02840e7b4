import Foundation
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// ``RingGeometry`` against the spec's formulas, computed here independently.
@Suite("Activity Rings geometry", .suiteTimeLimit)
struct RingGeometryTests {
    /// The spec's gap for a group of diameter `d` px at `scale`.
    static func specGap(_ d: Double, scale: Double) -> Double {
        d * (0.0432692 - 0.0288462 * min(max((d / scale - 29) / 114, 0), 1))
    }

    @Test func defaultMarginLeavesFifteenPercentAroundTheGroup() throws {
        let g = try RingGeometry(canvasSize: 512, scale: 1)
        #expect(abs(g.outerDiameter - 512 * 0.85) < 1e-9)
        #expect(abs(g.margin - 38.4) < 1e-9)
        #expect(abs(g.thickness - g.outerDiameter * 11 / 104) < 1e-9)
        #expect(abs(g.gap - Self.specGap(g.outerDiameter, scale: 1)) < 1e-9)
        #expect(abs(g.gap - g.outerDiameter * 1.5 / 104) < 0.001, "435 pt is above 143 pt: the smallest gap")
        #expect(g.margin >= g.gap)
        #expect(g.marginRule == .fraction)
    }

    @Test func innerDiametersStepByTwoThicknessesAndTwoGaps() throws {
        let g = try RingGeometry(canvasSize: 300, scale: 2)
        for i in 1..<3 {
            #expect(abs(g.diameters[i] - (g.diameters[i - 1] - 2 * g.thickness - 2 * g.gap)) < 1e-9)
        }
        for i in 0..<3 { #expect(abs(g.radii[i] - (g.diameters[i] / 2 - g.thickness / 2)) < 1e-9) }
        #expect(g.innerEdge > 0)
    }

    @Test("the gap follows the scale: 4.5/104 D for small groups, 1.5/104 D from 143 pt", arguments: [1, 2, 3])
    func gapFollowsScale(scale: Int) throws {
        let g = try RingGeometry(canvasSize: 200, scale: scale)
        let points = g.outerDiameter / Double(scale)
        #expect(abs(g.gap - Self.specGap(g.outerDiameter, scale: Double(scale))) < 1e-9)
        if points >= 143 { #expect(abs(g.gap / g.outerDiameter - 1.5 / 104) < 1e-5) }
        if points <= 29 { #expect(abs(g.gap / g.outerDiameter - 4.5 / 104) < 1e-5) }
    }

    @Test func aSmallGroupHasTheWidestGap() throws {
        let g = try RingGeometry(canvasSize: 32, scale: 1)
        #expect(abs(g.gap / g.outerDiameter - 4.5 / 104) < 1e-5)
    }

    @Test func noMarginAskedIsWidenedToTheGap() throws {
        let request = try RingTestSupport.request(0.5, 0.5, 0.5, size: 400, scale: 1, margin: 0)
        let (g, corrections) = try request.geometry()
        #expect(g.marginRule == .gap)
        #expect(abs(g.margin - g.gap) < 1e-6)
        #expect(abs(g.outerDiameter + 2 * Self.specGap(g.outerDiameter, scale: 1) - 400) < 1e-6)
        #expect(corrections.map(\.kind) == [.marginWidened])
    }

    @Test func theTinyestCanvasKeepsAPixelAndAHalfOfBlack() throws {
        let g = try RingGeometry(canvasSize: 16, scale: 1)
        #expect(g.margin >= RingGeometry.minimumMarginPixels - 1e-9)
        #expect(g.margin >= g.gap)
    }

    @Test("sizes outside 16...8192 px are refused", arguments: [15, 8193, 0, -4])
    func sizesAreRefused(size: Int) {
        #expect(throws: RingsError.self) { try RingGeometry(canvasSize: size) }
        do { _ = try RingGeometry(canvasSize: size) } catch let error as RingsError {
            #expect(error.kind == .invalidSize)
            #expect(error.problem.contains("16") && error.problem.contains("8192"))
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func theEdgesOfTheRangeAreAccepted() throws {
        _ = try RingGeometry(canvasSize: 16)
        _ = try RingGeometry(canvasSize: 8192, scale: 3)
    }

    @Test("scales other than 1, 2, 3 are refused", arguments: [0, 4, -1])
    func scalesAreRefused(scale: Int) {
        #expect(throws: RingsError(.invalidScale, "the scale must be 1, 2 or 3 pixels per point, not \(scale)")) {
            try RingGeometry(canvasSize: 100, scale: scale)
        }
    }
}
