/// What a job does: a dotted name that picks the handler a worker runs it with.
///
/// The kinds Glint ships are constants here; any other name is accepted by a store (so that new
/// kinds need no migration) and discarded at once by a worker that has no handler for it.
public struct JobKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// Edits a Live Photo pair with a recipe (GlintLivePhoto).
    public static let livePhotoEdit: JobKind = "livephoto.edit"
    /// Exports a Live Photo pair as a pair, a still, a Motion Photo, an MP4 or a GIF (GlintLivePhoto).
    public static let livePhotoExport: JobKind = "livephoto.export"
    /// Renders Activity Rings (GlintGraphics).
    public static let ringsRender: JobKind = "rings.render"
    /// Overlays a badge on a photo (GlintGraphics).
    public static let badgeApply: JobKind = "badge.apply"

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
