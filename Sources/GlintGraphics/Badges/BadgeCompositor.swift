import Foundation
import GlintMedia

/// Puts badges onto photos: places them in displayed orientation (``BadgePlacement``), draws
/// them (``BadgeRenderer``) and composites them into the file, by format:
///
/// - **JPEG**: only the blocks under the badges re-encoded (``JPEGBadgeCompositing``);
/// - **PNG**: decoded and encoded again with libpng, alpha kept (``PNGBadgeCompositing``);
/// - **HEIC**: decoded and encoded again with libheif, its EXIF (with the Apple MakerNote), XMP
///   and ICC/`nclx` colour profile carried over as an edited Live Photo still's are.
///
/// The input's format is recognised from its content, never its name.
public enum BadgeCompositor {
    /// Largest input accepted.
    public static let maximumFileSize: Int64 = 512 << 20

    /// Badges the image at `path`.
    /// - Throws: ``GlintMedia/MediaError`` or ``BadgeError``, naming the file: missing, empty,
    ///   unsupported type, damaged, too small for a badge.
    public static func badge(path: String, specification: BadgeSpecification, limits: ImageLimits = .default) throws -> BadgedImage {
        try BadgeError.naming(path) {
            let file = try RandomAccessFile(path: path)
            guard file.size > 0 else { throw MediaError(.empty, "file is empty") }
            let head = try file.read(at: 0, count: Int(min(file.size, 16)))
            if head.starts(with: PNGHeader.signature) {
                return try PNGBadgeCompositing.badge(
                    try file.readAll(limit: maximumFileSize), file: path,
                    specification: specification, limits: limits)
            }
            switch StillFormat(sniffing: head) {
            case .jpeg: return try JPEGBadgeCompositing.badge(try JPEGStill(file: file, limits: limits), specification: specification, limits: limits)
            case .heic: return try HEICBadgeCompositing.badge(try HEICStill(file: file, limits: limits), specification: specification, limits: limits)
            case .png, nil: throw BadgeError(.unsupported, "not a JPEG, HEIC or PNG image")
            }
        }
    }

    /// The layout for an image of the given stored size and orientation.
    static func layout(
        storedWidth: Int, storedHeight: Int, orientation: Orientation,
        specification: BadgeSpecification
    ) throws -> BadgeLayout {
        let displayed = orientation.displaySize(width: storedWidth, height: storedHeight)
        return try BadgePlacement(corner: specification.corner).layout(
            specification.requests, displayedWidth: displayed.width,
            displayedHeight: displayed.height)
    }
}
