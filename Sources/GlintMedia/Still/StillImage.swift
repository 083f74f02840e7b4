/// A still photo read once, whatever its format: what inspecting, editing and viewing need to
/// know about it, how to decode it, and how to write an edited version in the same format with
/// the same metadata.
///
/// ``JPEGStill`` and ``HEICStill`` conform; ``StillImageReader`` opens a file as the right one.
/// Sizes and ``orientation`` describe the pixels ``decode(regionWidth:regionHeight:minimumWidth:minimumHeight:limits:)``
/// returns: for a JPEG the stored pixels and the EXIF orientation; for a HEIC the pixels after
/// the container's own rotation and mirror, with orientation `.up`.
public protocol StillImage: Sendable {
    /// The path the still was read from.
    var path: String { get }
    /// The file format, which an edited version keeps.
    var format: StillFormat { get }
    /// Width of the decoded pixels at full size.
    var width: Int { get }
    /// Height of the decoded pixels at full size.
    var height: Int { get }
    /// How decoded pixels are displayed.
    var orientation: Orientation { get }
    /// The EXIF metadata (with the Apple MakerNote, when there is one).
    var exif: ExifMetadata? { get }
    /// The XMP packet.
    var xmpPacket: [UInt8]? { get }
    /// The embedded ICC profile.
    var iccProfile: [UInt8]? { get }
    /// Colour given as code points instead of (or beside) an ICC profile (HEIC `nclx`; never for JPEG).
    var nclxProfile: NCLXColourProfile? { get }

    /// Decodes the pixels, possibly at a reduced scale: the smallest of 1/1, 1/2, 1/4 or 1/8 (as
    /// the format allows) that still gives at least `minimumWidth` x `minimumHeight` from a
    /// `regionWidth` x `regionHeight` part of the picture.
    /// - Returns: The decoded image and the denominator it was decoded at (1 for full size).
    func decode(
        regionWidth: Int, regionHeight: Int, minimumWidth: Int, minimumHeight: Int,
        limits: ImageLimits
    ) throws -> (image: RGBImage, denominator: Int)

    /// Decodes only `region` of the picture (in full-size decoded pixels), at the reduced scale
    /// ``decode(regionWidth:regionHeight:minimumWidth:minimumHeight:limits:)`` would choose for
    /// it. Formats that can skip what lies outside the region do (JPEG); others decode the whole
    /// picture and crop it.
    /// - Returns: The region at that scale (its origin and size divided by the denominator,
    ///   rounded down, and kept within the picture) and the denominator.
    func decode(
        region: PixelRect, minimumWidth: Int, minimumHeight: Int,
        limits: ImageLimits
    ) throws -> (image: RGBImage, denominator: Int)

    /// Encodes edited pixels as a still of the same format, carrying this still's metadata (XMP,
    /// colour profile, and for JPEG its other application segments) with `exif` in place of its
    /// own EXIF.
    /// - Parameters:
    ///   - image: The edited pixels, displayed with `exif`'s orientation (`.up` when absent).
    ///   - exif: The EXIF to write; `nil` writes none.
    ///   - encoding: Quality settings per format.
    /// - Returns: The complete file.
    func encodeEdited(_ image: RGBImage, exif: ExifMetadata?, encoding: StillEncoding) throws -> [UInt8]
}

extension StillImage {
    /// The Live Photo content identifier in the Apple MakerNote.
    public var contentIdentifier: ContentIdentifier? { exif?.contentIdentifier }
}

extension StillImage {
    /// Decodes the whole picture and crops it in place.
    public func decode(
        region: PixelRect, minimumWidth: Int, minimumHeight: Int,
        limits: ImageLimits
    ) throws -> (image: RGBImage, denominator: Int) {
        var (image, denominator) = try decode(
            regionWidth: region.width, regionHeight: region.height,
            minimumWidth: minimumWidth, minimumHeight: minimumHeight, limits: limits)
        let crop = PixelRect(
            x: region.x / denominator, y: region.y / denominator,
            width: max(1, region.width / denominator), height: max(1, region.height / denominator))
        try image.crop(to: crop.clipped(toWidth: image.width, height: image.height))
        return (image, denominator)
    }

    /// Decodes within the default ``ImageLimits``.
    public func decode(regionWidth: Int, regionHeight: Int, minimumWidth: Int, minimumHeight: Int) throws -> (image: RGBImage, denominator: Int) {
        try decode(
            regionWidth: regionWidth, regionHeight: regionHeight, minimumWidth: minimumWidth, minimumHeight: minimumHeight,
            limits: .default)
    }
}
