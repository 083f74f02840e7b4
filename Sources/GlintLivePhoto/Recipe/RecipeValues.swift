/// Which way a recipe mirrors the picture.
public enum Flip: String, Sendable, Equatable, Codable, CaseIterable {
    /// Left and right swap.
    case horizontal
    /// Top and bottom swap.
    case vertical
}

/// The colour space a recipe's outputs are written in.
public enum OutputColourSpace: String, Sendable, Equatable, Codable, CaseIterable {
    /// The source's own profile (a Display P3 still stays Display P3).
    case source
    /// sRGB, for web sharing.
    case srgb
    /// Display P3.
    case displayP3 = "display-p3"
}

/// What an edit does with a still's HDR gain map.
public enum HDRMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// Keep it, in the input's form, with the edit applied to it (the default).
    case keep
    /// Drop it: the output is SDR only.
    case drop
}

/// A span of the movie's presentation timeline, in seconds.
public struct TimeRange: Sendable, Equatable, Codable {
    /// The first moment kept (default: the start).
    public var start: Double?
    /// The last moment kept (default: the end).
    public var end: Double?

    public init(start: Double? = nil, end: Double? = nil) {
        self.start = start
        self.end = end
    }
}
