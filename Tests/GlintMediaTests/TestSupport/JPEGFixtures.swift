import Foundation

/// The shared real-media fixtures, at `../shared/fixtures` beside the repository checkout.
enum JPEGFixtures {
    /// `<repo>/../shared/fixtures`, found from this source file's location.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // GlintMediaTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("../shared/fixtures")
        .standardizedFileURL

    /// The iPhone 6s Live Photo still (4032x3024, one Exif APP1).
    static let iPhoneStill = directory.appendingPathComponent("livephoto-iphone6s/IMG_train.jpg")
    /// A Pixel 8 Ultra HDR JPEG (Exif, JFIF, ICC, XMP, MPF; gain map appended after EOI).
    static let pixelUltraHDR = directory.appendingPathComponent("motionphoto/pixel_8.jpg")

    /// Whether `url` exists, for `.enabled(if:)` traits.
    static func isPresent(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// The bytes of `url`.
    static func bytes(of url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}
