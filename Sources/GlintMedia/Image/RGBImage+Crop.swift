extension RGBImage {
    /// Crops the image to `rect` in place, moving rows within the same buffer (no second
    /// picture is allocated, which matters for 12-megapixel stills).
    /// - Throws: ``MediaError`` (`.invalidArgument`) for a rectangle outside the image.
    public mutating func crop(to rect: PixelRect) throws {
        try rect.validate(within: width, height)
        guard rect != PixelRect(x: 0, y: 0, width: width, height: height) else { return }
        let sourceRow = bytesPerRow
        let rowBytes = rect.width * 3
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            // Each row moves towards the start of the buffer (never past a row not yet moved).
            for row in 0..<rect.height {
                let from = base + (rect.y + row) * sourceRow + rect.x * 3
                UnsafeMutableRawPointer(base + row * rowBytes).copyMemory(from: from, byteCount: rowBytes)
            }
        }
        pixels.removeLast(pixels.count - rowBytes * rect.height)
        self = RGBImage(width: rect.width, height: rect.height, pixels: pixels)
    }
}
