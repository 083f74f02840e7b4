import GlintGraphics
import GlintMedia
import GlintTestSupport
import Testing

typealias GlintMediaOrientation = GlintMedia.Orientation

@Suite("Badge placement rules", .suiteTimeLimit)
struct BadgePlacementTests {
    static let builtIn = try! BadgeSpecification(kinds: [.ar])

    @Test("clear space is the ceiling of 10% of the height, and the height follows the shorter side")
    func clearSpaceAndHeight() {
        #expect(BadgePlacement.clearSpace(forHeight: 24) == 3)
        #expect(BadgePlacement.clearSpace(forHeight: 30) == 3)
        #expect(BadgePlacement.clearSpace(forHeight: 31) == 4)
        #expect(BadgePlacement.clearSpace(forHeight: 181) == 19)
        #expect(BadgePlacement.badgeHeight(displayedWidth: 4032, displayedHeight: 3024) == 181)
        #expect(BadgePlacement.badgeHeight(displayedWidth: 3024, displayedHeight: 4032) == 181)
        #expect(BadgePlacement.badgeHeight(displayedWidth: 300, displayedHeight: 200) == 24)
        for height in 1...500 {
            let clear = BadgePlacement.clearSpace(forHeight: height)
            #expect(clear * 10 >= height && (clear - 1) * 10 < height)
        }
    }

    @Test("every corner keeps the clear space from both of its edges", arguments: BadgeCorner.allCases)
    func corners(corner: BadgeCorner) throws {
        let layout = try BadgePlacement(corner: corner).layout(Self.builtIn.requests, displayedWidth: 1000, displayedHeight: 700)
        let rect = try #require(layout.badges.first).rect
        let clear = layout.clearSpace
        #expect(rect.x == (corner.isLeft ? clear : 1000 - clear - rect.width))
        #expect(rect.y == (corner.isTop ? clear : 700 - clear - rect.height))
        #expect(rect.height == 42 && clear == 5)
    }

    @Test("the full AR badge falls back to the glyph alone on a 120x90 image, not on a 1200x900 one")
    func glyphOnlyFallback() throws {
        let small = try BadgePlacement().layout(Self.builtIn.requests, displayedWidth: 120, displayedHeight: 90)
        let badge = try #require(small.badges.first)
        #expect(badge.kind == .arGlyph && badge.requested == .ar && badge.fellBackToGlyphOnly)
        #expect(badge.rect == BadgeRect(x: 3, y: 3, width: 24, height: 24))
        let large = try BadgePlacement().layout(Self.builtIn.requests, displayedWidth: 1200, displayedHeight: 900)
        #expect(large.badges.first?.kind == .ar && large.badges.first?.fellBackToGlyphOnly == false)
    }

    @Test("stacked badges keep the clear space between them and from the edges")
    func stacked() throws {
        let specification = try BadgeSpecification(kinds: [.ar, .live, .liveOff], corner: .bottomLeft)
        let layout = try BadgePlacement(corner: .bottomLeft).layout(specification.requests, displayedWidth: 800, displayedHeight: 500)
        #expect(layout.badges.map(\.kind) == [.ar, .live, .liveOff])
        let rects = layout.badges.map(\.rect)
        for (i, a) in rects.enumerated() {
            #expect(a.x >= layout.clearSpace && a.y >= layout.clearSpace && 800 - a.maxX >= layout.clearSpace && 500 - a.maxY >= layout.clearSpace)
            for b in rects[(i + 1)...] { #expect(a.gap(to: b) >= layout.clearSpace) }
        }
        #expect(rects[0].maxY == 500 - layout.clearSpace)
    }

    @Test("images smaller than the smallest legal badge with its clear space are refused")
    func tooSmall() throws {
        #expect(throws: BadgeError.self) { try BadgePlacement().layout(Self.builtIn.requests, displayedWidth: 29, displayedHeight: 200) }
        do {
            _ = try BadgePlacement().layout(Self.builtIn.requests, displayedWidth: 200, displayedHeight: 29)
            Issue.record("a 200x29 image was accepted")
        } catch let error as BadgeError {
            #expect(error.kind == .imageTooSmall)
            #expect(error.problem.contains("200x29"))
        }
        // 30x30 holds the 24 px glyph with 3 px all round.
        let layout = try BadgePlacement().layout(Self.builtIn.requests, displayedWidth: 30, displayedHeight: 30)
        #expect(layout.badges.first?.rect == BadgeRect(x: 3, y: 3, width: 24, height: 24))
        // Three stacked badges do not fit 60 px of height.
        let three = try BadgeSpecification(kinds: [.ar, .live, .liveOff])
        #expect(throws: BadgeError.self) { try BadgePlacement().layout(three.requests, displayedWidth: 400, displayedHeight: 60) }
    }

    @Test("user artwork with several kinds, or a kind twice, is refused")
    func specificationRules() throws {
        let artwork = BadgeArtwork.builtIn(.live, style: .solid)
        #expect(throws: BadgeError.self) { try BadgeSpecification(kinds: [.ar, .live], artwork: artwork) }
        #expect(throws: BadgeError.self) { try BadgeSpecification(kinds: [.ar, .ar]) }
        #expect(throws: BadgeError.self) { try BadgeSpecification(kinds: []) }
    }

    @Test("a displayed rectangle maps to stored pixels under every orientation and back")
    func storedMapping() throws {
        let rect = BadgeRect(x: 10, y: 20, width: 60, height: 30)
        for orientation in [GlintMediaOrientation.up, .right, .down, .left, .upMirrored, .leftMirrored, .downMirrored, .rightMirrored] {
            let displayed = orientation.displaySize(width: 400, height: 300)
            let stored = rect.stored(orientation: orientation, displayedWidth: displayed.width, displayedHeight: displayed.height)
            let back = orientation.apply(
                .init(x: Double(stored.x), y: Double(stored.y), width: Double(stored.width), height: Double(stored.height)),
                width: 400, height: 300)
            #expect(BadgeRect(x: Int(back.x), y: Int(back.y), width: Int(back.width), height: Int(back.height)) == rect, "\(orientation)")
        }
    }
}
