import Foundation
import GlintMedia

/// The geometry of one recipe applied to one picture (the still, or the movie's frames): which
/// stored pixels to read, what size to scale them to, and how to turn (or warp) them.
///
/// Geometry is given in normalised display coordinates, so the same recipe means the same thing
/// on a 4032x3024 still with an EXIF orientation and on a 1440x1080 frame with a rotation matrix
/// and a clean aperture. The source's orientation is kept on the output (EXIF tag or matrix), so
/// pixels are stored in the source's orientation and a recipe ``EditRecipe/rotate`` turns them.
///
/// The recipe's steps, in display orientation: ``EditRecipe/flip``, ``EditRecipe/straighten``
/// (a turn by any angle, cropped to the largest centred rectangle of the picture's shape),
/// ``EditRecipe/crop`` (of that straightened picture), ``EditRecipe/rotate``,
/// ``EditRecipe/maxDimension``. Without a straighten every step is a crop, a scale or a lossless
/// quarter turn or mirror (``pixelTransform``); with one, the driver reads the bounding box of the
/// turned crop and ``warp`` resamples it once (turn, crop and scale in one pass).
public struct EditGeometry: Sendable, Equatable {
    /// The stored-pixel rectangle read from the source.
    public var sourceX: Int
    public var sourceY: Int
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// The size the source rectangle is scaled to (stored orientation, before ``pixelTransform``
    /// or ``warp``).
    public var scaledWidth: Int
    public var scaledHeight: Int
    /// The turn or mirror applied to the scaled pixels (flip and recipe rotation, expressed in
    /// stored orientation); `.up` when ``warp`` is set.
    public var pixelTransform: Orientation
    /// When the recipe straightens: the map from the output's stored pixel coordinates to the
    /// scaled source's (continuous, origin at the top-left corner).
    public var warp: AffineMap?
    /// The orientation tag or matrix the output keeps (the source's).
    public var outputOrientation: Orientation
    /// Stored size of the output.
    public var outputWidth: Int
    public var outputHeight: Int

    /// Displayed size of the output.
    public var displayWidth: Int { outputOrientation.swapsDimensions ? outputHeight : outputWidth }
    public var displayHeight: Int { outputOrientation.swapsDimensions ? outputWidth : outputHeight }
    /// The displayed aspect ratio of the output (width / height).
    public var displayAspect: Double { Double(displayWidth) / Double(displayHeight) }

    /// Straightens smaller than this (degrees) are treated as none.
    static let straightenThreshold = 0.001

    /// Resolves `recipe` for a picture.
    /// - Parameters:
    ///   - recipe: The edit.
    ///   - width: Stored width of the source pixels.
    ///   - height: Stored height of the source pixels.
    ///   - orientation: How stored pixels are displayed (EXIF orientation, movie matrix).
    ///   - region: The displayed part of the stored pixels (a movie's clean aperture); the whole
    ///     picture when `nil`.
    ///   - alignment: Every stored rectangle and size is a multiple of this (2 for 4:2:0 video).
    ///   - displayAspect: Forces the output's display aspect ratio (width / height), so that the
    ///     movie matches the still exactly; `nil` keeps the crop's own.
    ///   - displaySize: Forces the output's displayed size (a key photo taken from a frame is
    ///     made at the still's size, enlarging it); `nil` keeps the crop's own size, bounded by
    ///     ``EditRecipe/maxDimension``, never enlarged.
    public init(
        recipe: EditRecipe, width: Int, height: Int, orientation: Orientation, region: Rect? = nil,
        alignment: Int = 1, displayAspect: Double? = nil, displaySize: (width: Int, height: Int)? = nil
    ) {
        let framing = Framing(
            recipe: recipe, width: width, height: height, orientation: orientation, region: region,
            alignment: alignment, displayAspect: displayAspect, displaySize: displaySize)
        self = framing.straightens ? framing.straightenedGeometry() : framing.uprightGeometry()
    }

    /// Creates a geometry from its resolved parts.
    init(
        source: (x: Int, y: Int, width: Int, height: Int), scaled: (width: Int, height: Int), pixelTransform: Orientation,
        warp: AffineMap?, outputOrientation: Orientation, output: (width: Int, height: Int)
    ) {
        (sourceX, sourceY, sourceWidth, sourceHeight) = source
        (scaledWidth, scaledHeight) = scaled
        self.pixelTransform = pixelTransform
        self.warp = warp
        self.outputOrientation = outputOrientation
        (outputWidth, outputHeight) = output
    }

    /// Applies the turn or warp to pixels already cropped and scaled to the scaled size.
    public func apply(to scaled: RGBImage) -> RGBImage {
        if let warp { return scaled.warped(by: warp, width: outputWidth, height: outputHeight) }
        return scaled.transformed(by: pixelTransform)
    }

    /// Output pixels per source pixel along each side (above 1 when the picture is enlarged).
    public var enlargement: Double {
        let prescale = (Double(scaledWidth * scaledHeight) / Double(sourceWidth * sourceHeight)).squareRoot()
        guard let warp else { return prescale }
        return prescale / abs(warp.a * warp.d - warp.b * warp.c).squareRoot()
    }

    /// How much smaller than a `width` x `height` picture the largest rectangle of the same shape
    /// is that fits, centred, inside the picture turned by `radians`.
    static func inscribedScale(width: Double, height: Double, radians: Double) -> Double {
        let cosine = abs(cos(radians))
        let sine = abs(sin(radians))
        return min(width / (width * cosine + height * sine), height / (width * sine + height * cosine))
    }

    /// `rect` trimmed about its centre to the shape `aspect` (width / height), rather than stretched.
    static func trim(_ rect: Rect, toAspect aspect: Double) -> Rect {
        var rect = rect
        if rect.width / rect.height > aspect {
            let trimmed = rect.height * aspect
            rect.x += (rect.width - trimmed) / 2
            rect.width = trimmed
        } else {
            let trimmed = rect.width / aspect
            rect.y += (rect.height - trimmed) / 2
            rect.height = trimmed
        }
        return rect
    }

    /// The output's displayed size for a crop of `width` x `height` display pixels: turned, forced
    /// to an aspect, bounded by ``EditRecipe/maxDimension`` and aligned.
    static func outputSize(
        width: Double, height: Double, rotation: Orientation, recipe: EditRecipe,
        alignment: Int, displayAspect: Double?
    ) -> (width: Int, height: Int) {
        func snap(_ value: Double) -> Int { Int((value / Double(alignment)).rounded()) * alignment }
        var (w, h) = rotation.swapsDimensions ? (height, width) : (width, height)
        if let displayAspect, displayAspect > 0 {
            // Rounding to whole pixels leaves a sliver of difference: keep the pixel count, set the shape.
            let area = w * h
            w = (area * displayAspect).squareRoot()
            h = w / displayAspect
        }
        if let maxDimension = recipe.maxDimension, max(w, h) > Double(maxDimension) {
            let scale = Double(maxDimension) / max(w, h)
            w *= scale
            h *= scale
        }
        var outW = max(alignment, snap(w))
        var outH = max(alignment, snap(h))
        if let displayAspect, displayAspect > 0 {
            // Among nearby aligned sizes, take the one whose shape is closest to the requested one.
            var best = (error: Double.infinity, w: outW, h: outH)
            for candidate in stride(from: max(alignment, outW - 8 * alignment), through: outW + 8 * alignment, by: alignment) {
                let height = max(alignment, snap(Double(candidate) / displayAspect))
                if let limit = recipe.maxDimension, max(candidate, height) > limit { continue }
                let error = abs(Double(candidate) / Double(height) - displayAspect) + 1e-9 * Double(abs(candidate - outW))
                if error < best.error { best = (error, candidate, height) }
            }
            (outW, outH) = (best.w, best.h)
        }
        return (outW, outH)
    }
}

extension Flip {
    /// The mirror as an orientation of the displayed picture.
    var orientation: Orientation { self == .horizontal ? .upMirrored : .downMirrored }
}
