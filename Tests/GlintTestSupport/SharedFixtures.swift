import Foundation

/// The real phone files in `../shared/fixtures` beside the checkout (never copied into the
/// repository).
///
/// Tests that need them say so with `.requires(.sharedFixtures)` (or `.requires(.fixture(_:))`, see
/// ``Requirement``), so that a checkout without the folder skips them instead of failing, and CI
/// (`CI=true`) fails them, naming what is missing.
public enum SharedFixtures {
    /// Fixture paths relative to the fixtures folder, for the files several test targets use.
    public enum Name {
        /// The iPhone 6s Live Photo still (4032x3024, one Exif APP1, Apple MakerNote).
        public static let livePhotoStill = "livephoto-iphone6s/IMG_train.jpg"
        /// The iPhone 6s Live Photo movie paired with ``livePhotoStill``.
        public static let livePhotoMovie = "livephoto-iphone6s/IMG_train.mov"
        /// A still whose content identifier does not match ``mismatchedMovie``'s.
        public static let mismatchedStill = "livephoto-mismatched/IMG.JPG"
        /// A movie whose content identifier does not match ``mismatchedStill``'s.
        public static let mismatchedMovie = "livephoto-mismatched/IMG.MOV"
        /// A Pixel 8 Ultra HDR JPEG (Exif, JFIF, ICC, XMP, MPF; gain map appended after EOI).
        public static let motionPhotoStill = "motionphoto/pixel_8.jpg"
        /// An iPhone 12 Pro HEIC: 4032x3024 coded, `irot` 270 (displayed 3024x4032), EXIF with an
        /// Apple MakerNote but no content identifier, GPS, a 536-byte Display P3 ICC profile.
        public static let heicStill = "heic/iphone12pro.heic"
    }

    /// The folder holding `Package.swift`, found by walking up from this source file (symlinks
    /// resolved); `nil` if there is none above it.
    public static let packageRoot: URL? = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return nil
    }()

    /// Where the fixtures folder is, relative to ``packageRoot``, as a user would type it there.
    public static let relativeToPackageRoot = "../shared/fixtures"

    /// The fixtures folder (symlinks resolved), or `nil` when this checkout has none beside it.
    public static let directory: URL? = {
        guard let root = packageRoot else { return nil }
        let fixtures = root.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        guard FileManager.default.fileExists(atPath: fixtures.path) else { return nil }
        return fixtures.resolvingSymlinksInPath()
    }()

    /// Whether the fixtures folder is present (``Requirement/sharedFixtures``).
    public static var available: Bool { directory != nil }

    /// The absolute URL of a fixture, e.g. `livephoto-iphone6s/IMG_train.mov`.
    ///
    /// When the folder is absent this is where it would be, so reading it fails with an ordinary
    /// file-not-found error rather than a crash.
    public static func url(_ relative: String) -> URL {
        let folder =
            directory
            ?? (packageRoot ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .appendingPathComponent(relativeToPackageRoot).standardizedFileURL
        return folder.appendingPathComponent(relative)
    }

    /// The absolute path of a fixture, e.g. `livephoto-iphone6s/IMG_train.mov`.
    public static func path(_ relative: String) -> String {
        url(relative).path
    }

    /// Whether the fixture `relative` exists (``Requirement/fixture(_:)``).
    public static func contains(_ relative: String) -> Bool {
        directory != nil && FileManager.default.fileExists(atPath: path(relative))
    }

    /// The bytes of the fixture `relative`.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relative)))
    }

    /// The absolute path of ``Name/livePhotoStill``.
    public static var livePhotoStill: String { path(Name.livePhotoStill) }
    /// The absolute path of ``Name/livePhotoMovie``.
    public static var livePhotoMovie: String { path(Name.livePhotoMovie) }
    /// The absolute path of ``Name/mismatchedStill``.
    public static var mismatchedStill: String { path(Name.mismatchedStill) }
    /// The absolute path of ``Name/mismatchedMovie``.
    public static var mismatchedMovie: String { path(Name.mismatchedMovie) }
    /// The absolute path of ``Name/motionPhotoStill``.
    public static var motionPhotoStill: String { path(Name.motionPhotoStill) }
    /// The absolute path of ``Name/heicStill``.
    public static var heicStill: String { path(Name.heicStill) }
}
