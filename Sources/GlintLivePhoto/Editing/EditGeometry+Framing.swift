import Foundation
import GlintMedia

extension EditGeometry {
    /// One recipe laid over one picture in display coordinates, before any pixels are chosen:
    /// the flipped, straightened picture and the recipe's crop of it, from which
    /// ``uprightGeometry()`` or ``straightenedGeometry()`` resolves the stored pixels to read.
    struct Framing {
        var recipe: EditRecipe
        /// Stored size of the source pixels.
        var width: Int
        var height: Int
        var orientation: Orientation
        /// The displayed part of the stored pixels.
        var region: Rect
        var alignment: Int
        var displayAspect: Double?
        var displaySize: (width: Int, height: Int)?
        /// The region's displayed size.
        var regionDisplayWidth: Double
        var regionDisplayHeight: Double
        /// Stored region -> flipped display.
        var displayed: Orientation
        /// Whether the recipe straightens, and by how much (clockwise).
        var straightens: Bool
        var radians: Double
        /// The straightened picture's size: the displayed one's shape, smaller when straightened.
        var pictureWidth: Double
        var pictureHeight: Double
        /// The recipe's crop of the straightened picture, trimmed to `displayAspect`.
        var displayCrop: Rect
        /// The recipe's quarter turn.
        var rotation: Orientation

        /// Lays `recipe` over a picture (the parameters are ``EditGeometry/init(recipe:width:height:orientation:region:alignment:displayAspect:displaySize:)``'s).
        init(
            recipe: EditRecipe, width: Int, height: Int, orientation: Orientation, region: Rect?,
            alignment: Int, displayAspect: Double?, displaySize: (width: Int, height: Int)?
        ) {
            self.recipe = recipe
            self.width = width
            self.height = height
            self.orientation = orientation
            let region = region ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            self.region = region
            self.alignment = alignment
            self.displayAspect = displayAspect
            self.displaySize = displaySize
            (regionDisplayWidth, regionDisplayHeight) =
                orientation.swapsDimensions
                ? (region.height, region.width) : (region.width, region.height)
            displayed = orientation.followed(by: recipe.flip?.orientation ?? .up)
            let degrees = recipe.straighten ?? 0
            straightens = abs(degrees) >= EditGeometry.straightenThreshold
            radians = degrees * .pi / 180
            // The straightened picture keeps the shape of the displayed one, smaller by `inscribed`.
            let inscribed =
                straightens
                ? EditGeometry.inscribedScale(width: regionDisplayWidth, height: regionDisplayHeight, radians: radians) : 1
            (pictureWidth, pictureHeight) = (regionDisplayWidth * inscribed, regionDisplayHeight * inscribed)
            let crop = recipe.crop ?? NormalizedRect(x: 0, y: 0, width: 1, height: 1)
            displayCrop = Rect(
                x: crop.x * pictureWidth, y: crop.y * pictureHeight,
                width: crop.width * pictureWidth, height: crop.height * pictureHeight)
            rotation = Orientation(clockwiseDegrees: recipe.rotate ?? 0) ?? .up
            if let displayAspect, displayAspect > 0 {
                displayCrop = EditGeometry.trim(displayCrop, toAspect: rotation.swapsDimensions ? 1 / displayAspect : displayAspect)
            }
        }

        /// The output's displayed size for a crop of `width` x `height` display pixels, or the
        /// forced ``displaySize``.
        func outputSize(width: Double, height: Double) -> (width: Int, height: Int) {
            displaySize
                ?? EditGeometry.outputSize(
                    width: width, height: height, rotation: rotation, recipe: recipe,
                    alignment: alignment, displayAspect: displayAspect)
        }

        /// The geometry without a straighten: a crop of stored pixels, a scale, and a lossless
        /// quarter turn or mirror.
        func uprightGeometry() -> EditGeometry {
            func snap(_ value: Double) -> Int { Int((value / Double(alignment)).rounded()) * alignment }
            // Back from display to stored coordinates, inside the region.
            let storedCrop = displayed.inverse.apply(displayCrop, width: regionDisplayWidth, height: regionDisplayHeight)
            var x0 = max(0, snap(region.x + storedCrop.x))
            var y0 = max(0, snap(region.y + storedCrop.y))
            var x1 = min(width / alignment * alignment, snap(region.x + storedCrop.x + storedCrop.width))
            var y1 = min(height / alignment * alignment, snap(region.y + storedCrop.y + storedCrop.height))
            if x1 - x0 < alignment {
                x1 = min(x0 + alignment, width)
                x0 = x1 - alignment
            }
            if y1 - y0 < alignment {
                y1 = min(y0 + alignment, height)
                y0 = y1 - alignment
            }
            let (sourceWidth, sourceHeight) = (x1 - x0, y1 - y0)
            let pixelTransform = displayed.followed(by: rotation).followed(by: orientation.inverse)
            let (w, h) = orientation.swapsDimensions ? (sourceHeight, sourceWidth) : (sourceWidth, sourceHeight)
            let (outW, outH) = outputSize(width: Double(w), height: Double(h))
            // Back to stored orientation for the output, then undo the turn for the scaled size.
            let output = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
            let scaled = pixelTransform.swapsDimensions ? (output.1, output.0) : output
            return EditGeometry(
                source: (x0, y0, sourceWidth, sourceHeight), scaled: scaled, pixelTransform: pixelTransform,
                warp: nil, outputOrientation: orientation, output: output)
        }

        /// The geometry with a straighten: the bounding box of the turned crop, shrunk towards the
        /// output's resolution, and the ``EditGeometry/warp`` that turns, crops and scales it.
        func straightenedGeometry() -> EditGeometry {
            let (outW, outH) = outputSize(width: displayCrop.width, height: displayCrop.height)
            let output = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
            let toSource = sourceMap(output: output, turned: (outW, outH))
            let box = boundingBox(of: toSource, output: output)
            // Shrink the box first (area filter) to the output's resolution; never enlarge it.
            let (turnedW, turnedH) = (Double(outW), Double(outH))
            let outputPerSource = max(
                turnedW / (rotation.swapsDimensions ? displayCrop.height : displayCrop.width),
                turnedH / (rotation.swapsDimensions ? displayCrop.width : displayCrop.height))
            let prescale = min(1, outputPerSource)
            let scaledWidth = max(1, Int((Double(box.width) * prescale).rounded()))
            let scaledHeight = max(1, Int((Double(box.height) * prescale).rounded()))
            let (scaleX, scaleY) = (Double(scaledWidth) / Double(box.width), Double(scaledHeight) / Double(box.height))
            let (boxX, boxY) = (Double(box.x), Double(box.y))
            let warp = AffineMap { u, v in
                let s = toSource(u, v)
                return ((s.x - boxX) * scaleX, (s.y - boxY) * scaleY)
            }
            return EditGeometry(
                source: box, scaled: (scaledWidth, scaledHeight), pixelTransform: .up,
                warp: warp, outputOrientation: orientation, output: output)
        }

        /// The map from the output's stored coordinates to the source's stored coordinates, step
        /// by step, for an output of stored size `output` and displayed (turned) size `turned`.
        func sourceMap(output: (Int, Int), turned: (Int, Int)) -> (Double, Double) -> (x: Double, y: Double) {
            let (storedW, storedH) = (Double(output.0), Double(output.1))
            let (turnedW, turnedH) = (Double(turned.0), Double(turned.1))
            let (cropW, cropH) = rotation.swapsDimensions ? (turnedH, turnedW) : (turnedW, turnedH)
            let (cosine, sine) = (cos(radians), sin(radians))
            let (regionCentreX, regionCentreY) = (regionDisplayWidth / 2, regionDisplayHeight / 2)
            let (pictureCrop, pictureWidth, pictureHeight) = (displayCrop, pictureWidth, pictureHeight)
            let (orientation, rotation, displayed, region) = (orientation, rotation, displayed, region)
            let (regionDisplayWidth, regionDisplayHeight) = (regionDisplayWidth, regionDisplayHeight)
            return { (u: Double, v: Double) -> (x: Double, y: Double) in
                let display = orientation.apply(x: u, y: v, width: storedW, height: storedH)
                let unturned = rotation.inverse.apply(x: display.x, y: display.y, width: turnedW, height: turnedH)
                let inPicture = (
                    x: pictureCrop.x + unturned.x * pictureCrop.width / cropW,
                    y: pictureCrop.y + unturned.y * pictureCrop.height / cropH
                )
                // Straightening turns the picture clockwise about its centre: undo that turn.
                let dx = inPicture.x - pictureWidth / 2
                let dy = inPicture.y - pictureHeight / 2
                let flipped = (x: regionCentreX + dx * cosine + dy * sine, y: regionCentreY - dx * sine + dy * cosine)
                let stored = displayed.inverse.apply(x: flipped.x, y: flipped.y, width: regionDisplayWidth, height: regionDisplayHeight)
                return (region.x + stored.x, region.y + stored.y)
            }
        }

        /// The stored rectangle to read: the bounding box of the turned crop, with a margin for the
        /// interpolation kernel, kept inside the region and the stored picture, and aligned.
        func boundingBox(
            of toSource: (Double, Double) -> (x: Double, y: Double),
            output: (Int, Int)
        ) -> (x: Int, y: Int, width: Int, height: Int) {
            let (storedW, storedH) = (Double(output.0), Double(output.1))
            let corners = [toSource(0, 0), toSource(storedW, 0), toSource(0, storedH), toSource(storedW, storedH)]
            let margin = 2.0
            let lowX = max(0, region.x.rounded(.down))
            let lowY = max(0, region.y.rounded(.down))
            let highX = min(Double(width), (region.x + region.width).rounded(.up))
            let highY = min(Double(height), (region.y + region.height).rounded(.up))
            func alignDown(_ v: Double) -> Int { Int((v / Double(alignment)).rounded(.down)) * alignment }
            func alignUp(_ v: Double) -> Int { Int((v / Double(alignment)).rounded(.up)) * alignment }
            let x0 = max(alignUp(lowX), alignDown(corners.map(\.x).min()! - margin))
            let y0 = max(alignUp(lowY), alignDown(corners.map(\.y).min()! - margin))
            let x1 = max(x0 + alignment, min(alignDown(highX), alignUp(corners.map(\.x).max()! + margin)))
            let y1 = max(y0 + alignment, min(alignDown(highY), alignUp(corners.map(\.y).max()! + margin)))
            return (x0, y0, x1 - x0, y1 - y0)
        }
    }
}
