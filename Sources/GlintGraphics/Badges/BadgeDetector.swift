import Foundation
import GlintMedia

/// Finds badges already in a photo and measures them (`glint badge --check`).
///
/// The picture is decoded in displayed orientation and reduced to luma. For each kind asked for,
/// the artwork is rendered at candidate heights (from ``BadgePlacement/minimumHeight`` to
/// ``maximumHeightFraction`` of the shorter side, 6% apart) and matched by alpha-weighted
/// normalised cross-correlation (``BadgeTemplate``) at every position near each of the four
/// corners (up to one badge height from the side edge, and far enough from the top or bottom for
/// a stack of badges), first on a reduced copy where the template is 12 to 24 pixels high, then
/// refined level by level to full resolution, where heights are tried pixel by pixel. A match
/// scoring under ``minimumScore`` is no badge.
public enum BadgeDetector {
    /// The largest badge height searched for, as a fraction of the shorter side.
    public static let maximumHeightFraction = 0.15
    /// The lowest correlation accepted as a badge.
    public static let minimumScore = 0.6

    /// A match: where, how big, how good.
    struct Match {
        var kind: BadgeKind
        var corner: BadgeCorner
        var x: Int, y: Int, height: Int, width: Int
        var score: Float
    }

    /// Checks the image at `path` for the badges of `specification` (its corner is not used:
    /// every corner is searched).
    /// - Throws: ``GlintMedia/MediaError`` or ``BadgeError`` naming the file when it cannot be
    ///   read or decoded.
    public static func check(path: String, specification: BadgeSpecification) throws -> BadgeCheckReport {
        let picture = try BadgeError.naming(path) { try DisplayedPicture.decode(path: path) }
        return try check(picture, file: path, specification: specification)
    }

    /// Checks a decoded picture (displayed orientation).
    public static func check(_ picture: RGBImage, file: String, specification: BadgeSpecification) throws -> BadgeCheckReport {
        var pyramid = [LumaPlane(picture)]
        while pyramid.count < 6, pyramid.last!.height >= 64, pyramid.last!.width >= 64 { pyramid.append(pyramid.last!.halved()) }
        var matches: [Match] = []
        var problems: [String] = []
        for kind in specification.kinds {
            var candidates = [kind]
            if specification.artwork == nil, let fallback = kind.glyphOnlyFallback { candidates.append(fallback) }
            var best: Match?
            for candidate in candidates {
                let artwork = specification.artwork(for: candidate)
                if let match = try find(candidate, artwork: artwork, pyramid: pyramid, stack: specification.kinds.count),
                    match.score > (best?.score ?? -2)
                {
                    best = match
                }
            }
            if let best, Double(best.score) >= minimumScore {
                matches.append(best)
            } else {
                problems.append("no \(kind) badge found" + (best.map { String(format: " (best match %.2f, under %.2f)", $0.score, minimumScore) } ?? ""))
            }
        }
        let (width, height) = (picture.width, picture.height)
        var found: [BadgeCheckReport.Found] = []
        for (index, match) in matches.enumerated() {
            let rect = BadgeRect(x: match.x, y: match.y, width: match.width, height: match.height)
            var clearance = [
                BadgeCheckReport.Clearance(side: "top", distance: rect.y),
                .init(side: "left", distance: rect.x),
                .init(side: "bottom", distance: height - rect.maxY),
                .init(side: "right", distance: width - rect.maxX),
            ]
            for (other, second) in matches.enumerated() where other != index {
                clearance.append(
                    .init(side: "badge \(second.kind)", distance: rect.gap(to: BadgeRect(x: second.x, y: second.y, width: second.width, height: second.height)))
                )
            }
            let required = Double(rect.height) * 0.1
            let smallest = clearance.map(\.distance).min()!
            let passes = Double(smallest) >= required
            if !passes {
                let side = clearance.first { $0.distance == smallest }!.side
                problems.append(
                    "the \(match.kind) badge (\(rect.height) px high) has \(smallest) px of clear space on the \(side) side, "
                        + String(format: "under 10%% of its height (%.1f px)", required))
            }
            found.append(
                .init(
                    kind: match.kind, corner: match.corner, rect: rect, score: (Double(match.score) * 1000).rounded() / 1000,
                    clearSpace: clearance, requiredClearSpace: required,
                    clearSpacePercent: (Double(smallest) * 1000 / Double(rect.height)).rounded() / 10, passes: passes))
        }
        return BadgeCheckReport(file: file, displayedWidth: width, displayedHeight: height, badges: found, problems: problems)
    }

    /// The best match of `kind`'s artwork near any corner, or `nil` when the picture is too small.
    static func find(_ kind: BadgeKind, artwork: BadgeArtwork, pyramid: [LumaPlane], stack: Int) throws -> Match? {
        let full = pyramid[0]
        var renders: [Int: RGBAImage] = [:]
        func render(_ height: Int) throws -> RGBAImage {
            if let image = renders[height] { return image }
            let image = try artwork.render(height: height)
            renders[height] = image
            return image
        }
        let best = try coarseMatches(kind, artwork: artwork, pyramid: pyramid, stack: stack)
        // Fine: each corner's best, refined level by level down to full resolution.
        var result: Match?
        for (_, coarse) in best where coarse.match.score > 0 {
            var match = coarse.match
            for level in stride(from: coarse.level, through: 0, by: -1) {
                match = try refined(match, level: level, artwork: artwork, pyramid: pyramid, render: render)
            }
            match.corner = nearestCorner(of: match, width: full.width, height: full.height)
            if match.score > (result?.score ?? -2) { result = match }
        }
        return result
    }

    /// The coarse search: every height on a 6% grid, every corner, on the pyramid level where the
    /// template is 12-24 px high. Returns each corner's best match and the level it was found on.
    static func coarseMatches(
        _ kind: BadgeKind, artwork: BadgeArtwork, pyramid: [LumaPlane],
        stack: Int
    ) throws -> [BadgeCorner: (match: Match, level: Int)] {
        let full = pyramid[0]
        let shorter = min(full.width, full.height)
        let largest = max(BadgePlacement.minimumHeight, Int(Double(shorter) * maximumHeightFraction))
        var best: [BadgeCorner: (match: Match, level: Int)] = [:]
        var height = BadgePlacement.minimumHeight
        while height <= largest {
            var level = 0
            while level + 1 < pyramid.count, height >> (level + 1) >= 12 { level += 1 }
            // The coarse template is drawn at the coarse size directly (cheaper than shrinking a
            // full-size drawing, and close enough to find the place to refine).
            let coarseHeight = max(1, height >> level)
            let template = BadgeTemplate(try artwork.render(height: coarseHeight), factor: 1)
            let plane = pyramid[level]
            let width = artwork.width(forHeight: height)
            guard width + 2 <= full.width, height + 2 <= full.height else { break }
            let reachX = height >> level
            let reachY = (stack * (height + height / 5) + height / 5) >> level
            for corner in BadgeCorner.allCases {
                for dy in 0...reachY {
                    for dx in 0...reachX {
                        let x = corner.isLeft ? dx : plane.width - template.width - dx
                        let y = corner.isTop ? dy : plane.height - template.height - dy
                        let score = template.score(in: plane, x: x, y: y)
                        if score > (best[corner]?.match.score ?? -2) {
                            best[corner] = (Match(kind: kind, corner: corner, x: x << level, y: y << level, height: height, width: width, score: score), level)
                        }
                    }
                }
            }
            height = max(height + 1, Int((Double(height) * 1.06).rounded()))
        }
        return best
    }

    /// `match` refined on one pyramid level: the best of the heights and positions a few steps
    /// around it (`match` itself when none of them fits the picture).
    static func refined(
        _ match: Match, level: Int, artwork: BadgeArtwork, pyramid: [LumaPlane],
        render: (Int) throws -> RGBAImage
    ) throws -> Match {
        let full = pyramid[0]
        let step = level == 0 ? 1 : max(1, Int((Double(match.height) * 0.02).rounded()))
        let plane = pyramid[level]
        var refined = match
        refined.score = -2
        for dh in -2...2 {
            let h = match.height + dh * step
            guard h >= BadgePlacement.minimumHeight / 2 else { continue }
            let width = artwork.width(forHeight: h)
            guard width <= full.width, h <= full.height else { continue }
            let template = BadgeTemplate(try render(h), factor: 1 << level)
            let cx = match.x >> level
            let cy = match.y >> level
            for dy in -2...2 {
                for dx in -2...2 {
                    let score = template.score(in: plane, x: cx + dx, y: cy + dy)
                    if score > refined.score {
                        refined = Match(
                            kind: match.kind, corner: match.corner, x: (cx + dx) << level, y: (cy + dy) << level,
                            height: h, width: width, score: score)
                    }
                }
            }
        }
        return refined.score > -2 ? refined : match
    }

    /// The corner nearest to the match's centre.
    static func nearestCorner(of match: Match, width: Int, height: Int) -> BadgeCorner {
        let left = 2 * match.x + match.width < width
        let top = 2 * match.y + match.height < height
        switch (top, left) {
        case (true, true): return .topLeft
        case (true, false): return .topRight
        case (false, true): return .bottomLeft
        case (false, false): return .bottomRight
        }
    }
}
