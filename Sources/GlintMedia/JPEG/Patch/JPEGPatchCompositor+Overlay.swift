extension JPEGPatchCompositor {
    /// Alpha-blends `overlay` (straight alpha, in the file's own RGB values) onto the JPEG with
    /// its top-left pixel at (`x`, `y`), re-encoding only the blocks the overlay changes (pixels
    /// under fully transparent overlay pixels are left exactly as they were).
    /// - Parameters:
    ///   - jpeg: The JPEG file.
    ///   - file: The path named in errors.
    ///   - overlay: The image to blend on; it must lie inside the JPEG.
    ///   - x: The overlay's left column, in coded pixel coordinates (before EXIF orientation).
    ///   - y: The overlay's top row.
    ///   - method: The method to use; `nil` picks the fastest that applies.
    /// - Throws: As ``composite(_:file:x:y:width:height:method:edit:)``.
    public static func composite(
        _ jpeg: [UInt8], file: String?, overlay: RGBAImage, x: Int, y: Int,
        method: JPEGPatchMethod? = nil
    ) throws -> JPEGPatchResult {
        try composite(jpeg, file: file, x: x, y: y, width: overlay.width, height: overlay.height, method: method) {
            region, originX, originY in
            region.blend(overlay, x: x - originX, y: y - originY)
        }
    }
}
