/// One entry of a Google `Container:Directory` (XMP): a media item stored in the file, in
/// order, the first being the primary image.
public struct ContainerItem: Sendable, Codable, Equatable {
    /// `Item:Mime`, for example `image/jpeg` or `video/mp4`.
    public var mime: String?
    /// `Item:Semantic`: `Primary`, `MotionPhoto`, `GainMap`, `Depth`...
    public var semantic: String?
    /// `Item:Length` in bytes (0 or absent for the primary image).
    public var length: Int64?
    /// `Item:Padding` in bytes after the item.
    public var padding: Int64?

    public init(mime: String?, semantic: String?, length: Int64?, padding: Int64?) {
        self.mime = mime
        self.semantic = semantic
        self.length = length
        self.padding = padding
    }

    /// The semantic that marks a Motion Photo's video.
    public static let motionPhotoSemantic = "MotionPhoto"
    /// The semantic of an Ultra HDR gain map.
    public static let gainMapSemantic = "GainMap"
}
