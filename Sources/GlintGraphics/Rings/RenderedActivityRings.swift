/// A drawing of the Activity Rings and how it was made: the pixels, the geometry they were
/// drawn with, and every correction the renderer made to keep to the spec.
public struct RenderedActivityRings: Sendable {
    /// What was asked.
    public let request: ActivityRingsRequest
    /// Where the rings lie.
    public let geometry: RingGeometry
    /// Changes made to the request to keep to the spec (empty when drawn exactly as asked).
    public let corrections: [RingCorrection]
    /// The pixels.
    public let image: ActivityRingsImage
}
