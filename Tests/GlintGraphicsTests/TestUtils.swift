import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// Helpers shared by the GlintGraphics tests.
enum TestUtils {
    /// The background colour of the flat test images.
    static let background: (r: UInt8, g: UInt8, b: UInt8) = (70, 110, 150)

    /// Writes a flat-colour PNG of the given size and returns its path.
    static func flatPNG(_ width: Int, _ height: Int, in directory: TemporaryDirectory, name: String) throws -> String {
        let image = RGBAImage(width: width, height: height, fill: (background.r, background.g, background.b, 255))
        let path = directory.file(name).path
        try Data(try PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes a flat-colour JPEG (quality 100) of the given stored size and returns its path.
    static func flatJPEG(_ width: Int, _ height: Int, in directory: TemporaryDirectory, name: String) throws -> String {
        var image = RGBImage(width: width, height: height)
        for i in 0..<(width * height) {
            image.pixels[i * 3] = background.r
            image.pixels[i * 3 + 1] = background.g
            image.pixels[i * 3 + 2] = background.b
        }
        let path = directory.file(name).path
        try Data(try JPEGEncoder.encode(image, quality: 100)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The picture at `path` as displayed (EXIF orientation applied).
    static func displayed(_ path: String) throws -> RGBImage {
        try DisplayedPicture.decode(path: path)
    }

    /// The boxes of the pixels that differ from the flat background by more than `tolerance`
    /// (compression noise), one box per run of rows holding such pixels (badges are stacked
    /// vertically, so each run is one badge).
    static func changedBoxes(_ image: RGBImage, tolerance: Int = 12) -> [BadgeRect] {
        func changed(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return abs(Int(p.r) - Int(background.r)) > tolerance || abs(Int(p.g) - Int(background.g)) > tolerance
                || abs(Int(p.b) - Int(background.b)) > tolerance
        }
        var boxes: [BadgeRect] = []
        var current: (top: Int, left: Int, right: Int)?
        for y in 0..<image.height {
            var left = Int.max
            var right = -1
            for x in 0..<image.width where changed(x, y) {
                left = min(left, x)
                right = max(right, x)
            }
            if right >= 0 {
                if let c = current { current = (c.top, min(c.left, left), max(c.right, right)) } else { current = (y, left, right) }
            } else if let c = current {
                boxes.append(BadgeRect(x: c.left, y: c.top, width: c.right - c.left + 1, height: y - c.top))
                current = nil
            }
        }
        if let c = current { boxes.append(BadgeRect(x: c.left, y: c.top, width: c.right - c.left + 1, height: image.height - c.top)) }
        return boxes
    }

    /// The clear space of `box` from the four edges of an image `width` x `height`.
    static func edgeDistances(_ box: BadgeRect, width: Int, height: Int) -> [Int] {
        [box.x, box.y, width - box.maxX, height - box.maxY]
    }

    /// Runs `exiftool` with `arguments`; fails the test when it fails.
    static func exiftool(_ arguments: [String]) throws -> String {
        let tool = try #require(ExternalTool.find("exiftool"))
        let run = try ExternalTool.run(tool, arguments)
        try #require(run.succeeded, "\(run.summary)")
        return run.stdoutText
    }
}
