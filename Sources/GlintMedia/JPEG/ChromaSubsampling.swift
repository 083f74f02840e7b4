/// How much the JPEG encoder reduces the resolution of the two chroma channels.
public enum ChromaSubsampling: String, Sendable, Equatable, CaseIterable {
    /// Chroma at half resolution horizontally and vertically (smallest files; what cameras use).
    case yuv420
    /// Chroma at half resolution horizontally only.
    case yuv422
    /// Chroma at full resolution (best for graphics and sharp colour edges).
    case yuv444
}
