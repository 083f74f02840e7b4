import GlintMedia

/// What ``EffectRenderer`` wrote.
public struct EffectResult: Sendable, Codable, Equatable {
    /// The output file.
    public var path: String
    /// The effect.
    public var effect: Effect
    /// The format.
    public var format: EffectFormat
    /// Output width and height in pixels (upright).
    public var width: Int
    public var height: Int
    /// Frames in the file (1 for a still).
    public var frameCount: Int
    /// Seconds one pass through the animation lasts (0 for a still).
    public var duration: Double
    /// Each frame's display time as stored (empty for a still).
    public var frameDurations: [Double]
    /// Whether the output repeats by itself when played (GIF and WebP loop forever).
    public var loops: Bool
    /// What happened to the sound: `cross-faded`, `muted`, `none` (no audio in the output).
    public var audio: String
    /// Bytes written.
    public var byteCount: Int
    /// How a Long Exposure was made.
    public var longExposure: LongExposureReport?
    /// Facts a user should know about the output (sizes, what was dropped).
    public var notes: [String]
}
