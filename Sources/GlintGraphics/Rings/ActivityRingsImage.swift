public import GlintMedia

/// The rendered canvas: opaque RGB for the square shape, straight-alpha RGBA for the circle.
public enum ActivityRingsImage: Sendable, Equatable {
    /// An opaque canvas.
    case opaque(RGBImage)
    /// A canvas with transparency (alpha 0 outside the circle).
    case transparent(RGBAImage)

    /// Width (and height) in pixels.
    public var size: Int {
        switch self {
        case .opaque(let image): return image.width
        case .transparent(let image): return image.width
        }
    }

    /// The canvas as RGBA (opaque canvases get alpha 255).
    public var rgba: RGBAImage {
        switch self {
        case .opaque(let image): return RGBAImage(image)
        case .transparent(let image): return image
        }
    }
}
