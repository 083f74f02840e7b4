@testable import GlintMedia

/// Builds the trailer Samsung cameras append to Motion Photo JPEGs (no real Samsung JPEG is
/// among the shared fixtures), following the layout ExifTool reads.
enum SamsungTrailerBuilder {
    /// The bytes to write before the video, and those to write after it.
    static func motionPhotoTrailer(videoLength: Int64) -> (prefix: [UInt8], suffix: [UInt8]) {
        let type = SamsungTrailer.motionPhotoType
        let name = Array(SamsungTrailer.motionPhotoName.utf8)
        var prefix: [UInt8] = [0, 0, UInt8(type & 0xFF), UInt8(type >> 8)]
        prefix += le32(UInt32(name.count)) + name
        let blockSize = Int64(prefix.count) + videoLength
        var directory = Array("SEFH".utf8) + le32(107) + le32(1)
        directory += [0, 0, UInt8(type & 0xFF), UInt8(type >> 8)]
        directory += le32(UInt32(blockSize)) + le32(UInt32(blockSize))
        let suffix = directory + le32(UInt32(directory.count)) + Array("SEFT".utf8)
        return (prefix, suffix)
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
