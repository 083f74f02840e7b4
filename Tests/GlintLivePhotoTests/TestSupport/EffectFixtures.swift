import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

/// Helpers for the effect tests: collecting a stream's frames, pictures for generated pairs with
/// known motion, and measures.
enum EffectFixtures {
    /// Every frame of a stream.
    static func collect(_ stream: EffectFrameStream) throws -> [EffectFrame] {
        var frames: [EffectFrame] = []
        while let frame = try stream.next() { frames.append(frame) }
        return frames
    }

    /// The frames of a movie as presented, edited by `recipe`.
    static func frames(of moviePath: String, recipe: EditRecipe = EditRecipe(), maxDimension: Int? = nil) throws -> [EffectFrame] {
        try collect(try MovieFrameSource(movie: try QuickTimeMovie(path: moviePath), recipe: recipe, maxDimension: maxDimension))
    }

    /// Mean CIEDE2000 difference between two pictures of the same size.
    static func meanDeltaE(_ a: RGBImage, _ b: RGBImage) -> Double {
        ColourDifference.meanCIEDE2000(a, b, step: 2)
    }

    /// Mean of all channel values.
    static func meanLevel(_ image: RGBImage) -> Double {
        Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
    }

    /// The crop `(x, y, width, height)` of `image`.
    static func crop(_ image: RGBImage, x: Int, y: Int, width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 3
            pixels.append(contentsOf: image.pixels[start..<(start + width * 3)])
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// A still, richly textured picture: coloured 12-pixel tiles whose colours vary with position,
    /// with thin dark lines between them, so any misalignment shows as a blur.
    static func texture(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (tx, ty) = (x / 12, y / 12)
                let hash = (tx * 73_856_093) ^ (ty * 19_349_663)
                var colour = (UInt8(60 + (hash & 0x7F)), UInt8(60 + ((hash >> 7) & 0x7F)), UInt8(60 + ((hash >> 14) & 0x7F)))
                if x % 12 == 0 || y % 12 == 0 { colour = (20, 20, 30) }
                let i = (y * width + x) * 3
                image.pixels[i] = colour.0
                image.pixels[i + 1] = colour.1
                image.pixels[i + 2] = colour.2
            }
        }
        return image
    }

    /// The margin the shaking camera can move by, in pixels.
    static let shakeMargin = 12

    /// The known camera shake at time `t` (0...1): a whole-pixel offset within ``shakeMargin``.
    static func shake(at t: Double) -> (x: Int, y: Int) {
        (Int((9 * sin(t * 17.0)).rounded()), Int((7 * cos(t * 11.0 + 0.4)).rounded()))
    }

    /// A still scene seen by a shaking camera: the window of ``texture(width:height:)`` (drawn
    /// with a margin) at the shake's offset.
    @Sendable static func shakenScene(width: Int, height: Int, time: Double) -> RGBImage {
        let margin = shakeMargin
        let big = texture(width: width + 2 * margin, height: height + 2 * margin)
        let offset = shake(at: time)
        return crop(big, x: margin + offset.x, y: margin + offset.y, width: width, height: height)
    }

    /// The moving object's colour in ``movingObjectScene(width:height:time:)``.
    static let objectColour: (UInt8, UInt8, UInt8) = (250, 250, 40)

    /// A still textured scene with a bright square crossing it left to right on a tripod.
    @Sendable static func movingObjectScene(width: Int, height: Int, time: Double) -> RGBImage {
        var image = texture(width: width, height: height)
        let side = height / 6
        let left = Int(Double(width - side) * time)
        let top = height / 2 - side / 2
        for y in top..<(top + side) {
            for x in left..<(left + side) {
                let i = (y * width + x) * 3
                image.pixels[i] = objectColour.0
                image.pixels[i + 1] = objectColour.1
                image.pixels[i + 2] = objectColour.2
            }
        }
        return image
    }

    /// The times (0...1, as the scene closures see them) of a generated movie's frames.
    static func sceneTimes(frameCount: Int) -> [Double] {
        let times = SyntheticLivePhoto.frameTimes(count: frameCount)
        let end = times.last! + SyntheticLivePhoto.frameDurations[(frameCount - 1) % SyntheticLivePhoto.frameDurations.count]
        return times.map { Double($0) / Double(end) }
    }
}
