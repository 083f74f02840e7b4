/// Decodes a still's gain map (found by ``HDRGainMapProbe``) into a ``GainMap``: a JPEG's MPF
/// image through libjpeg-turbo, a HEIC's auxiliary image through libheif. Runs in workers only,
/// like every decoder of pixels.
public enum GainMapReader {
    /// The map of `still` in the form an edit keeps (Apple, else Ultra HDR, else ISO 21496-1).
    /// - Throws: ``MediaError`` naming the file when the map cannot be decoded or has no usable
    ///   parameters (an Apple map without a headroom, malformed `hdrgm`).
    public static func read(_ still: any StillImage, found: HDRGainMapProbe.Found, limits: ImageLimits = .default) throws -> GainMap {
        try MediaError.naming(still.path) {
            let report = found.report
            let encoding = try encoding(of: report)
            let image: RGBImage
            if let jpeg = still as? JPEGStill, let range = found.jpegMap {
                let bytes = jpeg.file.bytes
                guard range.offset >= 0, range.length > 0, range.offset + range.length <= Int64(bytes.count) else {
                    throw MediaError(.corrupt, "the gain map image lies outside the file")
                }
                image = try JPEGDecoder.decode(Array(bytes[Int(range.offset)..<Int(range.offset + range.length)]), limits: limits)
            } else if let heic = still as? HEICStill, found.heifMapItem != nil {
                let primary = try HEIFContext(reading: heic.bytes, limits: limits).primaryImage()
                guard let map = try primary.auxiliaryImage(type: AppleHDRHeadroom.auxiliaryType) else {
                    throw MediaError(.corrupt, "libheif finds no gain map auxiliary image")
                }
                image = try map.decodeGrey()
            } else {
                throw MediaError(.unsupported, "the gain map's form cannot be decoded")
            }
            return GainMap(image: image, channels: report.mapChannels == 3 ? 3 : 1, encoding: encoding)
        }
    }

    /// How the map's values become gains, from the report.
    static func encoding(of report: HDRGainMapReport) throws -> GainMap.Encoding {
        switch report.primaryForm {
        case .apple:
            guard let headroom = report.headroom, report.headroomSource == .makerNote || report.headroomSource == .xmp else {
                throw MediaError(.corrupt, "the Apple gain map has no headroom")
            }
            return .apple(headroom: headroom)
        case .ultraHDR, .iso21496:
            guard let parameters = report.ultraHDR ?? report.iso21496 else {
                throw MediaError(.corrupt, "the gain map's parameters cannot be read: \(report.warnings.joined(separator: "; "))")
            }
            return .logarithmic(parameters)
        case nil:
            throw MediaError(.corrupt, "no gain map")
        }
    }

    /// `still`'s map turned upright with the picture (a JPEG's EXIF orientation applied), or nil
    /// when it has none that can be read: what a still converted or previewed takes along.
    public static func upright(_ still: any StillImage, limits: ImageLimits = .default) -> GainMap? {
        guard let file = try? RandomAccessFile(path: still.path), let found = HDRGainMapInspection.found(still, file: file),
            var map = try? read(still, found: found, limits: limits)
        else { return nil }
        if still.orientation != .up { map.image = map.image.transformed(by: still.orientation) }
        return map
    }
}
