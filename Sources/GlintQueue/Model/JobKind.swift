/// What a job does: a dotted name that picks the handler a worker runs it with.
///
/// The kinds Glint ships are constants in GlintJobs (`JobKind.livePhotoEdit` ...); any other name is accepted by a store (so that new
/// kinds need no migration) and discarded at once by a worker that has no handler for it.
public struct JobKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
