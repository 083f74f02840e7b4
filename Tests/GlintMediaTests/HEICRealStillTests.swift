import GlintMedia
import GlintTestSupport
import Testing

/// The real iPhone 12 Pro HEIC, read and decoded through libheif.
@Suite("HEIC: the real iPhone 12 Pro still", .suiteTimeLimit)
struct HEICRealStillTests {
    /// Mean R, G, B over a rectangle given in fractions of the image.
    static func mean(_ image: RGBImage, x: ClosedRange<Double>, y: ClosedRange<Double>) -> (r: Double, g: Double, b: Double) {
        var sum = (0.0, 0.0, 0.0)
        var count = 0.0
        for py in Int(y.lowerBound * Double(image.height))..<Int(y.upperBound * Double(image.height)) {
            for px in Int(x.lowerBound * Double(image.width))..<Int(x.upperBound * Double(image.width)) {
                let p = image[px, py]
                sum = (sum.0 + Double(p.r), sum.1 + Double(p.g), sum.2 + Double(p.b))
                count += 1
            }
        }
        return (sum.0 / count, sum.1 / count, sum.2 / count)
    }

    @Test(
        "parses size, container rotation, EXIF, MakerNote and ICC profile without decoding",
        .requires(.fixture(SharedFixtures.Name.heicStill)))
    func metadata() throws {
        let still = try HEICStill(path: SharedFixtures.heicStill)
        // Coded landscape, turned by the container's irot into portrait.
        #expect(still.codedWidth == 4032 && still.codedHeight == 3024)
        #expect(still.width == 3024 && still.height == 4032)
        #expect(still.bitDepth == 8)
        #expect(still.orientation == .up)
        #expect(still.storedExifOrientation == .right, "the iPhone writes EXIF orientation 6 beside its irot")

        let exif = try #require(still.exif)
        #expect(exif.orientation == .up, "the orientation HEIF readers apply is the container's; EXIF must agree")
        #expect(exif.hasGPS)
        #expect(exif.makerNote?.apple != nil, "the Apple MakerNote is read from the Exif item")
        #expect(exif.contentIdentifier == nil, "this still has no content identifier")
        #expect(exif.pixelDimensions?.width == 4032)

        let icc = try #require(still.iccProfile)
        #expect(icc.count == 536)
        #expect(icc[36..<40].elementsEqual("acsp".utf8), "not an ICC profile header")
        #expect(still.colourProfile.iccType == .icc)
        #expect(still.nclxProfile == nil)
        #expect(still.xmpPacket == nil, "the primary image has no XMP item (the gain map's XMP is not the still's)")

        let opened = try StillImageReader.read(path: SharedFixtures.heicStill)
        #expect(opened.format == .heic)
        #expect(opened.width == 3024 && opened.height == 4032)
    }

    @Test(
        "decodes upright, 3024x4032, with the sky above the road and a red car on the left",
        .requires(.fixture(SharedFixtures.Name.heicStill)))
    func decodes() throws {
        let still = try HEICStill(path: SharedFixtures.heicStill)
        let image = try still.decode()
        #expect(image.width == 3024 && image.height == 4032)

        let sky = Self.mean(image, x: 0.1...0.6, y: 0.05...0.3)
        let road = Self.mean(image, x: 0.05...0.45, y: 0.8...0.95)
        let hood = Self.mean(image, x: 0.0...0.15, y: 0.55...0.6)
        #expect(sky.r > 120 && sky.g > 120 && sky.b > 120, "sky \(sky)")
        #expect(road.g < sky.g - 60, "the road \(road) should be far darker than the sky \(sky): the picture is not upright")
        // A dusky red (about 107, 77, 85): red leads both other channels.
        #expect(hood.r > hood.g + 20 && hood.r > hood.b + 12, "the car's hood \(hood) at the left edge should be red")

        // The same pixels through the format-independent seam.
        let (viaSeam, denominator) = try StillImageReader.read(path: SharedFixtures.heicStill)
            .decode(regionWidth: 3024, regionHeight: 4032, minimumWidth: 300, minimumHeight: 400)
        #expect(denominator == 1)
        #expect(viaSeam == image)
    }
}
