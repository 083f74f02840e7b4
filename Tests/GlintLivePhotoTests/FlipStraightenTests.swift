import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// `flip` and `straighten`: the same turn and mirror, in display space, on the still and on every
/// frame; straightened pictures are cropped to the largest rectangle of their shape, so no corner
/// is empty.
@Suite("Flip and straighten", .suiteTimeLimit)
struct FlipStraightenTests {
    /// Maps the geometry's output corners back to stored source coordinates.
    static func sourceCorners(_ g: EditGeometry) throws -> [(x: Double, y: Double)] {
        let warp = try #require(g.warp)
        let scaleX = Double(g.sourceWidth) / Double(g.scaledWidth)
        let scaleY = Double(g.sourceHeight) / Double(g.scaledHeight)
        return [(0.0, 0.0), (Double(g.outputWidth), 0), (0, Double(g.outputHeight)), (Double(g.outputWidth), Double(g.outputHeight))]
            .map { corner in
                let p = warp.apply(x: corner.0, y: corner.1)
                return (Double(g.sourceX) + p.x * scaleX, Double(g.sourceY) + p.y * scaleY)
            }
    }

    static let orientations: [Orientation] = [.up, .right, .down, .left, .upMirrored, .leftMirrored]

    @Test(arguments: [-45.0, -12.5, -0.5, 3, 30, 45], orientations)
    func straightenedCornersTouchThePictureFromInside(degrees: Double, orientation: Orientation) throws {
        // A movie-like picture: stored 1440x1080 with a clean aperture, displayed with `orientation`.
        let region = Rect(x: 66, y: 50, width: 1308, height: 980)
        for flip in [nil, Flip.horizontal, .vertical] {
            let recipe = EditRecipe(flip: flip, straighten: degrees)
            let g = EditGeometry(recipe: recipe, width: 1440, height: 1080, orientation: orientation, region: region, alignment: 2)
            let corners = try Self.sourceCorners(g)
            let tolerance = 1e-6
            for c in corners {
                #expect(
                    c.x >= region.x - tolerance && c.x <= region.x + region.width + tolerance
                        && c.y >= region.y - tolerance && c.y <= region.y + region.height + tolerance,
                    "\(degrees)° \(orientation) flip \(String(describing: flip)): corner \(c) outside \(region)")
            }
            // The largest such rectangle: some corner touches the picture's edge.
            let gaps = corners.map { min($0.x - region.x, region.x + region.width - $0.x, $0.y - region.y, region.y + region.height - $0.y) }
            #expect(gaps.min()! < 0.01, "\(degrees)°: no corner touches the edge, gaps \(gaps)")
            // The shape is the picture's own.
            let displayAspect = orientation.swapsDimensions ? 980.0 / 1308 : 1308.0 / 980
            #expect(abs(g.displayAspect / displayAspect - 1) < 0.01)
            #expect(g.outputWidth % 2 == 0 && g.outputHeight % 2 == 0 && g.sourceX % 2 == 0 && g.sourceY % 2 == 0)
            #expect(g.sourceX >= 66 && g.sourceY >= 50 && g.sourceX + g.sourceWidth <= 66 + 1308 && g.sourceY + g.sourceHeight <= 50 + 980)
        }
    }

    @Test func inscribedRectangleIsTheLargestOfTheSameShape() {
        #expect(EditGeometry.inscribedScale(width: 4, height: 3, radians: 0) == 1)
        // At 45 degrees a 4:3 picture holds a centred 4:3 rectangle 3 / (7 / sqrt 2) as wide.
        let s = EditGeometry.inscribedScale(width: 4, height: 3, radians: .pi / 4)
        #expect(abs(s - 3 / (7 / 2.0.squareRoot())) < 1e-12)
        let g = EditGeometry(recipe: EditRecipe(straighten: 45), width: 4032, height: 3024, orientation: .up)
        #expect(abs(Double(g.outputWidth) - 4032 * s) <= 1 && abs(Double(g.outputHeight) - 3024 * s) <= 1)
    }

    /// A frame whose clean aperture holds one colour and whose border is black: any read outside
    /// the picture would darken the result.
    @Test(arguments: [(-30.0, Orientation.right), (7, .up), (45, .left), (-2, .downMirrored)])
    func noEmptyCornersAnywhereInTheResult(degrees: Double, orientation: Orientation) throws {
        let (width, height) = (400, 300)
        let region = Rect(x: 22, y: 16, width: 356, height: 268)
        var source = RGBImage(width: width, height: height)
        for y in 16..<284 {
            for x in 22..<378 {
                let i = (y * width + x) * 3
                source.pixels[i] = 210
                source.pixels[i + 1] = 120
                source.pixels[i + 2] = 40
            }
        }
        for recipe in [
            EditRecipe(straighten: degrees),
            EditRecipe(flip: .horizontal, straighten: degrees, crop: NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.5), rotate: 90),
            EditRecipe(straighten: degrees, maxDimension: 100),
        ] {
            let g = EditGeometry(
                recipe: recipe, width: width, height: height, orientation: orientation, region: region,
                alignment: 2, displayAspect: 4.0 / 3)
            let scaled = try ImageScaler().scale(
                source, crop: PixelRect(x: g.sourceX, y: g.sourceY, width: g.sourceWidth, height: g.sourceHeight),
                to: g.scaledWidth, height: g.scaledHeight)
            let result = g.apply(to: scaled)
            #expect(result.width == g.outputWidth && result.height == g.outputHeight)
            let dark = stride(from: 0, to: result.pixels.count, by: 3).filter { result.pixels[$0] < 200 || result.pixels[$0 + 2] > 50 }
            #expect(
                dark.isEmpty,
                "\(degrees)° \(orientation): \(dark.count) pixels are not the picture's colour, first at \(dark.first.map { ($0 / 3 % result.width, $0 / 3 / result.width) }.debugDescription)"
            )
        }
    }

    @Test func flipIsAMirrorOfTheDisplayedPicture() throws {
        // EXIF 6 (turned for display): a horizontal flip mirrors the displayed picture left to right.
        let g = EditGeometry(recipe: EditRecipe(flip: .horizontal), width: 3024, height: 4032, orientation: .right)
        #expect(g.warp == nil && g.outputOrientation == .right)
        let stored = RGBImage(width: 3, height: 2, pixels: Array(0..<18).map(UInt8.init))
        let displayed = stored.transformed(by: .right)
        let flippedStored = stored.transformed(by: g.pixelTransform)
        #expect(flippedStored.transformed(by: .right) == displayed.transformed(by: .upMirrored))
        let v = EditGeometry(recipe: EditRecipe(flip: .vertical), width: 3024, height: 4032, orientation: .right)
        #expect(stored.transformed(by: v.pixelTransform).transformed(by: .right) == displayed.transformed(by: .downMirrored))
    }

    static let recipes: [EditRecipe] = [
        EditRecipe(flip: .horizontal),
        EditRecipe(straighten: 9),
        EditRecipe(exposure: 0.3, flip: .vertical, straighten: -14, crop: NormalizedRect(x: 0.1, y: 0.05, width: 0.75, height: 0.8), rotate: 270),
    ]

    /// The generated pair's still and frames are the same picture, so after the edit the still and
    /// the frame at the still time must still look alike, whatever the orientation.
    @Test(arguments: [0, 90, 270], recipes)
    func stillAndFramesAreFlippedAndStraightenedAlike(rotation: Int, recipe: EditRecipe) throws {
        let directory = try TemporaryDirectory("glint-straighten")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) { $0.rotation = rotation }
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        let difference = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "edited still and edited frame differ by \(difference) ΔE00 (rotation \(rotation))")
        // The geometry did change the picture: the unedited still is far from the edited frame.
        let frame = try DisplayedPicture.movieFrame(path: result.moviePath, at: result.stillImageTime ?? 0).image
        let unedited = try DisplayedPicture.still(path: still, width: frame.width, height: frame.height)
        #expect(ColourDifference.meanCIEDE2000(unedited, frame, step: 2) > 5, "the edit must be visible")
        #expect(try JPEGStill(path: result.stillPath).orientation == (Orientation(clockwiseDegrees: rotation) ?? .up))
    }

    /// A still turned by its EXIF orientation paired with a movie turned (differently) by its
    /// matrix: both show the same scene, so the straightened still and frame must still agree.
    @Test(arguments: [(90, 0), (0, 270), (270, 90)])
    func straightenIsTheSameAngleWhateverEachHalfsOrientation(stillRotation: Int, movieRotation: Int) throws {
        let directory = try TemporaryDirectory("glint-straighten")
        defer { directory.remove() }
        let (still, _) = try PairFixtures.synthetic(in: directory.url, name: "still") { $0.rotation = stillRotation }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url, name: "movie") { $0.rotation = movieRotation }
        let recipe = EditRecipe(flip: .horizontal, straighten: -11, crop: NormalizedRect(x: 0.05, y: 0.1, width: 0.9, height: 0.8))
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        #expect(try JPEGStill(path: result.stillPath).orientation == (Orientation(clockwiseDegrees: stillRotation) ?? .up))
        #expect(try QuickTimeMovie(path: result.moviePath).videoTrack?.matrix.orientation == Orientation(clockwiseDegrees: movieRotation))
        let difference = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "still (EXIF \(stillRotation)°) and frame (matrix \(movieRotation)°) differ by \(difference) ΔE00")
    }

    @Test(
        "straightening the real pair leaves picture in every corner of the still and the frames",
        .requires(.sharedFixtures), arguments: [-30.0, 8])
    func realPairCornersArePicture(degrees: Double) throws {
        let directory = try TemporaryDirectory("glint-straighten")
        defer { directory.remove() }
        let result = try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(straighten: degrees), outputDirectory: directory.path,
            options: PairFixtures.fastOptions)
        let still = try DisplayedPicture.still(path: result.stillPath, width: 400, height: 300)
        let frame = try DisplayedPicture.movieFrame(path: result.moviePath, at: 0.5, width: 400, height: 300).image
        for (name, image) in [("still", still), ("frame", frame)] {
            // An empty corner is a black triangle: far darker than the picture a little way in.
            func level(_ x: Int, _ y: Int) -> Int {
                var sum = 0
                for dy in 0..<3 {
                    for dx in 0..<3 {
                        let p = image[x + dx, y + dy]
                        sum += Int(p.r) + Int(p.g) + Int(p.b)
                    }
                }
                return sum / 9
            }
            for (x, y, inward) in [(0, 0, (1, 1)), (397, 0, (-1, 1)), (0, 297, (1, -1)), (397, 297, (-1, -1))] {
                let corner = level(x, y)
                let inside = level(x + 12 * inward.0, y + 12 * inward.1)
                #expect(
                    corner > 30 && Double(corner) > 0.5 * Double(inside),
                    "\(name) corner \(x),\(y) is dark (\(corner) against \(inside) inside): empty")
            }
        }
        #expect(result.stillWidth < 4032 && abs(Double(result.stillWidth) / Double(result.stillHeight) - 4.0 / 3) < 0.002)
    }
}
