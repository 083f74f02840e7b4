import Foundation
import GlintMedia

/// What an edit did with a still's HDR gain map, as `--json` reports it.
public struct HDREditReport: Sendable, Codable, Equatable {
    public enum Outcome: String, Sendable, Codable {
        /// Kept in the input's form: the geometry applied to it, its values unchanged (no colour edit).
        case kept
        /// Kept in the input's form and recomputed for the colour edit (``GainMapRecompute``).
        case recomputed
        /// Dropped on purpose (`--sdr`, a recipe's `"hdr": "drop"`).
        case dropped
        /// Not carried over, for the reason in ``note`` (a key photo taken from a movie frame
        /// has no gain map; a map that cannot be read).
        case lost
    }

    public var outcome: Outcome
    /// The forms written (or that the input had, when it was not written).
    public var forms: [HDRGainMapReport.Form]
    /// The written map's size.
    public var mapWidth: Int?
    public var mapHeight: Int?
    /// The written map's headroom (linear).
    public var headroom: Double?
    /// Why the map was dropped or lost.
    public var note: String?

    public init(
        outcome: Outcome, forms: [HDRGainMapReport.Form], mapWidth: Int? = nil, mapHeight: Int? = nil, headroom: Double? = nil,
        note: String? = nil
    ) {
        self.outcome = outcome
        self.forms = forms
        self.mapWidth = mapWidth
        self.mapHeight = mapHeight
        self.headroom = headroom
        self.note = note
    }

    /// One line for people: `HDR gain map recomputed (apple, 1614x756, headroom 5.97)`.
    public var line: String {
        let forms = forms.map(\.rawValue).joined(separator: " + ")
        switch outcome {
        case .kept, .recomputed:
            var parts = [forms]
            if let mapWidth, let mapHeight { parts.append("\(mapWidth)x\(mapHeight)") }
            if let headroom { parts.append(String(format: "headroom %.2f", headroom)) }
            return "HDR gain map \(outcome.rawValue) (\(parts.joined(separator: ", ")))"
        case .dropped, .lost:
            return "HDR gain map (\(forms)) \(outcome.rawValue): \(note ?? "")"
        }
    }
}
