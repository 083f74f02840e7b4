/// The file format a ring drawing is written in.
public enum RingsOutputFormat: String, Sendable, CaseIterable, Codable {
    /// 8-bit sRGB PNG with an `sRGB` chunk (RGB for a square canvas, RGBA for a circle).
    case png
    /// Baseline JPEG (square canvas only: JPEG has no transparency).
    case jpeg

    /// The format called `name` (`png`, `jpeg` or `jpg`, in any case), if it names one.
    public init?(name: String) {
        let lowercased = name.lowercased()
        self.init(rawValue: lowercased == "jpg" ? "jpeg" : lowercased)
    }

    /// Whether a drawing on a `shape` canvas can be stored in this format: JPEG has no
    /// transparency, so it cannot keep the circle canvas's transparent corners.
    public func canHold(_ shape: RingCanvasShape) -> Bool {
        !(self == .jpeg && shape == .circle)
    }

    /// The format named by `path`'s extension (`.png`, `.jpg`, `.jpeg`), if it names one.
    public static func inferred(from path: String) -> RingsOutputFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        default: return nil
        }
    }
}
