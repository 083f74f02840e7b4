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
    public init(recipe: EditRecipe, width: Int, height: Int, orientation: Orientation, region: Rect? = nil,
                alignment: Int = 1, displayAspect: Double? = nil, displaySize: (width: Int, height: Int)? = nil) {
        let region = region ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let (regionDisplayWidth, regionDisplayHeight) = orientation.swapsDimensions
            ? (region.height, region.width) : (region.width, region.height)
        // Stored region -> flipped display.
        let displayed = orientation.followed(by: recipe.flip?.orientation ?? .up)
        let degrees = recipe.straighten ?? 0
        let straightens = abs(degrees) >= Self.straightenThreshold
        let radians = degrees * .pi / 180
        // The straightened picture keeps the shape of the displayed one, smaller by `inscribed`.
        let inscribed = straightens
            ? Self.inscribedScale(width: regionDisplayWidth, height: regionDisplayHeight, radians: radians) : 1
        let (pictureWidth, pictureHeight) = (regionDisplayWidth * inscribed, regionDisplayHeight * inscribed)
        let crop = recipe.crop ?? NormalizedRect(x: 0, y: 0, width: 1, height: 1)
        var displayCrop = Rect(x: crop.x * pictureWidth, y: crop.y * pictureHeight,
                               width: crop.width * pictureWidth, height: crop.height * pictureHeight)
        let rotation = Orientation(clockwiseDegrees: recipe.rotate ?? 0) ?? .up
        if let displayAspect, displayAspect > 0 {
            displayCrop = Self.trim(displayCrop, toAspect: rotation.swapsDimensions ? 1 / displayAspect : displayAspect)
        }
        func snap(_ value: Double) -> Int { Int((value / Double(alignment)).rounded()) * alignment }
        outputOrientation = orientation

        if !straightens {
            // Back from display to stored coordinates, inside the region.
            let storedCrop = displayed.inverse.apply(displayCrop, width: regionDisplayWidth, height: regionDisplayHeight)
            var x0 = max(0, snap(region.x + storedCrop.x)), y0 = max(0, snap(region.y + storedCrop.y))
            var x1 = min(width / alignment * alignment, snap(region.x + storedCrop.x + storedCrop.width))
            var y1 = min(height / alignment * alignment, snap(region.y + storedCrop.y + storedCrop.height))
            if x1 - x0 < alignment { x1 = min(x0 + alignment, width); x0 = x1 - alignment }
            if y1 - y0 < alignment { y1 = min(y0 + alignment, height); y0 = y1 - alignment }
            (sourceX, sourceY, sourceWidth, sourceHeight) = (x0, y0, x1 - x0, y1 - y0)
            pixelTransform = displayed.followed(by: rotation).followed(by: orientation.inverse)
            warp = nil
            let (w, h) = orientation.swapsDimensions ? (sourceHeight, sourceWidth) : (sourceWidth, sourceHeight)
            let (outW, outH) = displaySize ?? Self.outputSize(width: Double(w), height: Double(h), rotation: rotation,
                                                              recipe: recipe, alignment: alignment, displayAspect: displayAspect)
            // Back to stored orientation for the output, then undo the turn for the scaled size.
            (outputWidth, outputHeight) = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
            (scaledWidth, scaledHeight) = pixelTransform.swapsDimensions ? (outputHeight, outputWidth) : (outputWidth, outputHeight)
            return
        }

        let (outW, outH) = displaySize ?? Self.outputSize(width: displayCrop.width, height: displayCrop.height, rotation: rotation,
                                                          recipe: recipe, alignment: alignment, displayAspect: displayAspect)
        (outputWidth, outputHeight) = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
        pixelTransform = .up
        // The output's stored coordinates -> the source's stored coordinates, step by step.
        let (storedW, storedH) = (Double(outputWidth), Double(outputHeight))
        let (turnedW, turnedH) = (Double(outW), Double(outH))
        let (cropW, cropH) = rotation.swapsDimensions ? (turnedH, turnedW) : (turnedW, turnedH)
        let (cosine, sine) = (cos(radians), sin(radians))
        let (regionCentreX, regionCentreY) = (regionDisplayWidth / 2, regionDisplayHeight / 2)
        let pictureCrop = displayCrop
        let toSource = { (u: Double, v: Double) -> (x: Double, y: Double) in
            let display = orientation.apply(x: u, y: v, width: storedW, height: storedH)
            let unturned = rotation.inverse.apply(x: display.x, y: display.y, width: turnedW, height: turnedH)
            let inPicture = (x: pictureCrop.x + unturned.x * pictureCrop.width / cropW,
                             y: pictureCrop.y + unturned.y * pictureCrop.height / cropH)
            // Straightening turns the picture clockwise about its centre: undo that turn.
            let dx = inPicture.x - pictureWidth / 2, dy = inPicture.y - pictureHeight / 2
            let flipped = (x: regionCentreX + dx * cosine + dy * sine, y: regionCentreY - dx * sine + dy * cosine)
            let stored = displayed.inverse.apply(x: flipped.x, y: flipped.y, width: regionDisplayWidth, height: regionDisplayHeight)
            return (region.x + stored.x, region.y + stored.y)
        }
        // Read the bounding box of the turned crop, with a margin for the interpolation kernel,
        // kept inside the region and the stored picture.
        let corners = [toSource(0, 0), toSource(storedW, 0), toSource(0, storedH), toSource(storedW, storedH)]
        let margin = 2.0
        let lowX = max(0, region.x.rounded(.down)), lowY = max(0, region.y.rounded(.down))
        let highX = min(Double(width), (region.x + region.width).rounded(.up))
        let highY = min(Double(height), (region.y + region.height).rounded(.up))
        func alignDown(_ v: Double) -> Int { Int((v / Double(alignment)).rounded(.down)) * alignment }
        func alignUp(_ v: Double) -> Int { Int((v / Double(alignment)).rounded(.up)) * alignment }
        let x0 = max(alignUp(lowX), alignDown(corners.map(\.x).min()! - margin))
        let y0 = max(alignUp(lowY), alignDown(corners.map(\.y).min()! - margin))
        let x1 = max(x0 + alignment, min(alignDown(highX), alignUp(corners.map(\.x).max()! + margin)))
        let y1 = max(y0 + alignment, min(alignDown(highY), alignUp(corners.map(\.y).max()! + margin)))
        (sourceX, sourceY, sourceWidth, sourceHeight) = (x0, y0, x1 - x0, y1 - y0)
        // Shrink the box first (area filter) to the output's resolution; never enlarge it.
        let outputPerSource = max(turnedW / (rotation.swapsDimensions ? displayCrop.height : displayCrop.width),
                                  turnedH / (rotation.swapsDimensions ? displayCrop.width : displayCrop.height))
        let prescale = min(1, outputPerSource)
        scaledWidth = max(1, Int((Double(sourceWidth) * prescale).rounded()))
        scaledHeight = max(1, Int((Double(sourceHeight) * prescale).rounded()))
        let (scaleX, scaleY) = (Double(scaledWidth) / Double(sourceWidth), Double(scaledHeight) / Double(sourceHeight))
        let (boxX, boxY) = (Double(sourceX), Double(sourceY))
        warp = AffineMap { u, v in
            let s = toSource(u, v)
            return ((s.x - boxX) * scaleX, (s.y - boxY) * scaleY)
        }
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
        let cosine = abs(cos(radians)), sine = abs(sin(radians))
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
    static func outputSize(width: Double, height: Double, rotation: Orientation, recipe: EditRecipe,
                           alignment: Int, displayAspect: Double?) -> (width: Int, height: Int) {
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
        var outW = max(alignment, snap(w)), outH = max(alignment, snap(h))
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
