/// The part of a frame that differs from the one before: the bounding rectangle of changed
/// pixels, with unchanged pixels inside it set to the transparent index. A frame identical to
/// the previous one becomes a single transparent pixel.
struct FramePatch {
    var left = 0, top = 0, width = 1, height = 1
    var indices: [UInt8]

    init(current: [UInt8], previous: [UInt8], width frameWidth: Int, height frameHeight: Int, transparentIndex: UInt8) {
        var minX = frameWidth
        var minY = frameHeight
        var maxX = -1
        var maxY = -1
        current.withUnsafeBufferPointer { c in
            previous.withUnsafeBufferPointer { p in
                for y in 0..<frameHeight {
                    let row = y * frameWidth
                    var x = 0
                    while x < frameWidth {
                        if c[row + x] != p[row + x] {
                            if x < minX { minX = x }
                            if x > maxX { maxX = x }
                            if y < minY { minY = y }
                            maxY = y
                        }
                        x += 1
                    }
                }
            }
        }
        guard maxX >= 0 else {
            indices = [transparentIndex]
            return
        }
        left = minX
        top = minY
        width = maxX - minX + 1
        height = maxY - minY + 1
        var patch = [UInt8](repeating: transparentIndex, count: width * height)
        let (left, top, width, height) = (self.left, self.top, self.width, self.height)
        current.withUnsafeBufferPointer { c in
            previous.withUnsafeBufferPointer { p in
                patch.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        let source = (top + y) * frameWidth + left
                        var x = 0
                        while x < width {
                            if c[source + x] != p[source + x] { out[y * width + x] = c[source + x] }
                            x += 1
                        }
                    }
                }
            }
        }
        indices = patch
    }
}
