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
    public static func composite(_ jpeg: [UInt8], file: String?, overlay: RGBAImage, x: Int, y: Int,
                                 method: JPEGPatchMethod? = nil) throws -> JPEGPatchResult {
        try composite(jpeg, file: file, x: x, y: y, width: overlay.width, height: overlay.height, method: method) {
            region, originX, originY in
            blend(overlay, onto: &region, at: x - originX, y - originY)
        }
    }

    /// Blends `overlay` onto `image` with its top-left pixel at (`left`, `top`) of `image`.
    static func blend(_ overlay: RGBAImage, onto image: inout RGBImage, at left: Int, _ top: Int) {
        let width = image.width
        overlay.pixels.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<overlay.height {
                    let y = top + row
                    guard y >= 0, y < image.height else { continue }
                    for column in 0..<overlay.width {
                        let x = left + column
                        guard x >= 0, x < width else { continue }
                        let s = (row * overlay.width + column) * 4
                        let alpha = UInt32(source[s + 3])
                        guard alpha > 0 else { continue }
                        let t = (y * width + x) * 3
                        for channel in 0..<3 {
                            let blended = UInt32(source[s + channel]) * alpha + UInt32(target[t + channel]) * (255 - alpha) + 127
                            target[t + channel] = UInt8(blended / 255)
                        }
                    }
                }
            }
        }
    }
}
