/// An image with its badges composited: the new file and what was done.
public struct BadgedImage: Sendable {
    /// The image file formats badges go on.
    public enum Format: String, Sendable, Codable {
        case jpeg, heic, png
    }

    /// The complete output file.
    public var bytes: [UInt8]
    /// The input's format, which the output keeps.
    public var format: Format
    /// Where the badges went, in displayed pixels.
    public var layout: BadgeLayout
    /// How they were put in.
    public var method: BadgeCompositingMethod
    /// The EXIF orientation of the stored pixels (`.up` for HEIC and PNG, whose decoded pixels
    /// are displayed as they are).
    public var orientationRawValue: UInt16
}
