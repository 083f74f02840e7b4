import GlintMedia

/// An HDR gain map for a synthetic still (`glint fixture --gain-map`), made from the picture's
/// own luma so that its bright parts are brightened most, in one of the forms phones write.
public enum SyntheticGainMap: String, Sendable, CaseIterable {
    /// Apple's: half the picture's size, headroom 4 in version 2 XMP (a JPEG's MPF image, a
    /// HEIC's auxiliary image).
    case apple
    /// Ultra HDR with ISO 21496-1 (JPEG only): a quarter of the picture's size, up to 2 stops.
    case ultrahdr

    static let appleHeadroom = 4.0

    /// `bytes` (the still, `picture` its stored pixels) with the map attached.
    /// - Throws: ``MediaError`` `.invalidArgument` for Ultra HDR in a HEIC.
    func attach(to bytes: [UInt8], picture: RGBImage, format: StillFormat) throws -> [UInt8] {
        let divisor = self == .apple ? 2 : 4
        var map = try ImageScaler().scale(picture, to: max(2, picture.width / divisor), height: max(2, picture.height / divisor))
        for i in stride(from: 0, to: map.pixels.count, by: 3) {
            let luma = (299 * Int(map.pixels[i]) + 587 * Int(map.pixels[i + 1]) + 114 * Int(map.pixels[i + 2])) / 1000
            let value = UInt8(luma * luma / 255)
            (map.pixels[i], map.pixels[i + 1], map.pixels[i + 2]) = (value, value, value)
        }
        switch (self, format) {
        case (.ultrahdr, .jpeg):
            let parameters = GainMapParameters(gainMapMin: [0], gainMapMax: [2], hdrCapacityMax: 2)
            let gainMap = GainMap(image: map, channels: 1, encoding: .logarithmic(parameters))
            return try GainMapJPEGWriter.attach(gainMap, form: .init(kind: .ultraHDR, iso21496: true), to: bytes)
        case (.apple, .jpeg):
            let gainMap = GainMap(image: map, channels: 1, encoding: .apple(headroom: Self.appleHeadroom))
            return try GainMapJPEGWriter.attach(gainMap, form: .init(kind: .apple, appleVersion: 2 << 16), to: bytes)
        case (.apple, .heic):
            let gainMap = GainMap(image: map, channels: 1, encoding: .apple(headroom: Self.appleHeadroom))
            return try HEIFGainMapWriter.attach(gainMap, appleVersion: 2 << 16, to: bytes, settings: .init(quality: 90, preset: "veryfast"))
        default:
            throw MediaError(.invalidArgument, "an \(rawValue) gain map goes in a JPEG only")
        }
    }
}
