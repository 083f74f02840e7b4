import Foundation
import GlintMedia
import GlintTestSupport

@testable import GlintLivePhoto

/// Stills built with a structured gain map in each form, to show that an edit's geometry reached
/// the map: the picture a colour ramp, the map a horizontal ramp with a bright band across its
/// top third (no turn or mirror of it looks like another).
enum HDRTestFiles {
    static let width = 960
    static let height = 640
    static let headroom = 4.0
    static let identifier = ContentIdentifier("6E1A2B3C-4D5E-4F60-8172-93A4B5C6D7E8")!

    /// The picture: red rises to the right, green downwards.
    static func picture(width: Int = width, height: Int = height) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = (UInt8(40 + 160 * x / width), UInt8(40 + 160 * y / height), 110)
            }
        }
        return image
    }

    /// The map at half the picture's size.
    static func mapImage(width: Int = width / 2, height: Int = height / 2) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let value = UInt8(min(255, 180 * x / width + (y < height / 3 ? 75 : 0)))
                let i = (y * width + x) * 3
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = (value, value, value)
            }
        }
        return image
    }

    /// An Ultra HDR JPEG (with ISO 21496-1); with `baseIsHDR`, one whose base picture is the HDR rendition.
    static func ultraHDR(baseIsHDR: Bool = false) throws -> [UInt8] {
        let parameters = GainMapParameters(gainMapMin: [0], gainMapMax: [2], hdrCapacityMax: 2, baseRenditionIsHDR: baseIsHDR)
        let primary = try JPEGAssembler.assemble(encoded: try JPEGEncoder.encode(picture(), quality: 95), segments: [])
        let map = GainMap(image: mapImage(), channels: 1, encoding: .logarithmic(parameters))
        return try GainMapJPEGWriter.attach(map, form: .init(kind: .ultraHDR, iso21496: true), to: primary)
    }

    /// An Apple JPEG: the MakerNote's headroom, the map as the MPF's second image with `apdi`
    /// XMP. Stored turned (EXIF orientation 6), as an iPhone held upright writes it.
    static func appleJPEG() throws -> [UInt8] {
        var exif = ExifMetadata.minimal(orientation: .right, contentIdentifier: identifier)
        var note = try require(exif.makerNote?.apple)
        note.hdrHeadroomValues = AppleHDRHeadroom.makerNoteValues(headroom: headroom)
        exif.makerNote = .apple(note)
        let primary = try JPEGAssembler.assemble(
            encoded: try JPEGEncoder.encode(picture(), quality: 95), segments: [try JPEGSegment.exif(try exif.serialized())])
        let map = GainMap(image: mapImage(), channels: 1, encoding: .apple(headroom: headroom))
        return try GainMapJPEGWriter.attach(map, form: .init(kind: .apple), to: primary)
    }

    /// An Apple HEIC: the MakerNote's headroom and the hidden auxiliary map.
    static func appleHEIC() throws -> [UInt8] {
        var exif = ExifMetadata.minimal(contentIdentifier: identifier)
        var note = try require(exif.makerNote?.apple)
        note.hdrHeadroomValues = AppleHDRHeadroom.makerNoteValues(headroom: headroom)
        exif.makerNote = .apple(note)
        let primary = try HEICEncoder.encode(picture(), metadata: .init(exif: exif), settings: .init(quality: 80, preset: "ultrafast"))
        let map = GainMap(image: mapImage(), channels: 1, encoding: .apple(headroom: headroom))
        return try HEIFGainMapWriter.attach(map, appleVersion: 65536, to: primary, settings: .init(quality: 90, preset: "ultrafast"))
    }

    /// What the map of an edited still should be: the input's map enlarged to the picture, put
    /// through the picture's own geometry, and scaled to `size`.
    static func expectedMap(_ map: RGBImage, still: any StillImage, recipe: EditRecipe, size: (Int, Int)) throws -> RGBImage {
        let scaler = ImageScaler()
        var big = try scaler.scale(map, to: still.width, height: still.height)
        let geometry = StillEditor.geometry(of: still, recipe: recipe)
        let processor = FrameProcessor(geometry: geometry, colour: nil)
        try big.crop(to: processor.sourceRect.clipped(toWidth: big.width, height: big.height))
        let scaled = try scaler.scale(big, to: geometry.scaledWidth, height: geometry.scaledHeight)
        return try scaler.scale(processor.process(scaled), to: size.0, height: size.1)
    }
}

/// `#require` for a helper outside a test.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw MediaError(.corrupt, "the minimal EXIF has no Apple MakerNote") }
    return value
}
