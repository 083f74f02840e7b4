import GlintMedia

/// The geometry of one recipe applied to one picture (the still, or the movie's frames): which
/// stored pixels to read, what size to scale them to, and how to turn them.
///
/// Geometry is given in normalised display coordinates, so the same recipe means the same thing
/// on a 4032x3024 still with an EXIF orientation and on a 1440x1080 frame with a rotation matrix
/// and a clean aperture. The source's orientation is kept on the output (EXIF tag or matrix), so
/// pixels are stored in the source's orientation and a recipe ``EditRecipe/rotate`` turns them.
public struct EditGeometry: Sendable, Equatable {
    /// The stored-pixel rectangle read from the source.
    public var sourceX: Int
    public var sourceY: Int
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// The size the source rectangle is scaled to (stored orientation, before ``pixelTransform``).
    public var scaledWidth: Int
    public var scaledHeight: Int
    /// The turn applied to the scaled pixels: the recipe's rotation expressed in stored orientation.
    public var pixelTransform: Orientation
    /// The orientation tag or matrix the output keeps (the source's).
    public var outputOrientation: Orientation

    /// Stored size of the output.
    public var outputWidth: Int { pixelTransform.swapsDimensions ? scaledHeight : scaledWidth }
    public var outputHeight: Int { pixelTransform.swapsDimensions ? scaledWidth : scaledHeight }
    /// Displayed size of the output.
    public var displayWidth: Int { outputOrientation.swapsDimensions ? outputHeight : outputWidth }
    public var displayHeight: Int { outputOrientation.swapsDimensions ? outputWidth : outputHeight }

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
    public init(recipe: EditRecipe, width: Int, height: Int, orientation: Orientation, region: Rect? = nil,
                alignment: Int = 1, displayAspect: Double? = nil) {
        let region = region ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let (regionDisplayWidth, regionDisplayHeight) = orientation.swapsDimensions
            ? (region.height, region.width) : (region.width, region.height)
        let crop = recipe.crop ?? NormalizedRect(x: 0, y: 0, width: 1, height: 1)
        var displayCrop = Rect(x: crop.x * regionDisplayWidth, y: crop.y * regionDisplayHeight,
                               width: crop.width * regionDisplayWidth, height: crop.height * regionDisplayHeight)
        let rotation = Orientation(clockwiseDegrees: recipe.rotate ?? 0) ?? .up
        if let displayAspect, displayAspect > 0 {
            // Trim the crop about its centre to the requested shape (before the recipe's turn),
            // rather than stretching pixels.
            let target = rotation.swapsDimensions ? 1 / displayAspect : displayAspect
            if displayCrop.width / displayCrop.height > target {
                let trimmed = displayCrop.height * target
                displayCrop.x += (displayCrop.width - trimmed) / 2
                displayCrop.width = trimmed
            } else {
                let trimmed = displayCrop.width / target
                displayCrop.y += (displayCrop.height - trimmed) / 2
                displayCrop.height = trimmed
            }
        }
        // Back from display to stored coordinates, inside the region.
        let storedCrop = orientation.inverse.apply(displayCrop, width: regionDisplayWidth, height: regionDisplayHeight)
        func snap(_ value: Double) -> Int { Int((value / Double(alignment)).rounded()) * alignment }
        var x0 = max(0, snap(region.x + storedCrop.x)), y0 = max(0, snap(region.y + storedCrop.y))
        var x1 = min(width / alignment * alignment, snap(region.x + storedCrop.x + storedCrop.width))
        var y1 = min(height / alignment * alignment, snap(region.y + storedCrop.y + storedCrop.height))
        if x1 - x0 < alignment { x1 = min(x0 + alignment, width); x0 = x1 - alignment }
        if y1 - y0 < alignment { y1 = min(y0 + alignment, height); y0 = y1 - alignment }
        sourceX = x0
        sourceY = y0
        sourceWidth = x1 - x0
        sourceHeight = y1 - y0

        pixelTransform = orientation.followed(by: rotation).followed(by: orientation.inverse)
        outputOrientation = orientation

        // Output display size: the crop's displayed size, turned, forced to an aspect, bounded.
        var (w, h) = orientation.swapsDimensions ? (Double(sourceHeight), Double(sourceWidth)) : (Double(sourceWidth), Double(sourceHeight))
        if rotation.swapsDimensions { (w, h) = (h, w) }
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
        // Back to stored orientation for the output, then undo the turn for the scaled size.
        let (storedW, storedH) = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
        (scaledWidth, scaledHeight) = pixelTransform.swapsDimensions ? (storedH, storedW) : (storedW, storedH)
    }

    /// The displayed aspect ratio of the output (width / height).
    public var displayAspect: Double { Double(displayWidth) / Double(displayHeight) }
}
