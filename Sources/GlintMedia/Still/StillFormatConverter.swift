/// Re-encodes a still in the other format (a HEIC as a JPEG, a JPEG as a HEIC) for a Motion Photo
/// whose container is chosen (`--motion-container`): the pixels decoded upright, the EXIF (its
/// orientation 1, its pixel dimensions the picture's; GPS, MakerNote and the rest kept), the XMP
/// and the colour: the still's ICC profile, or for a HEIC described by `nclx` alone the ICC
/// profile of the space it names (a JPEG has no `nclx`). An HDR gain map goes along, turned
/// upright with the picture and translated into the other format's form (``GainMap/converted(toApple:)``):
/// Ultra HDR with ISO 21496-1 in a JPEG, Apple's auxiliary image (its headroom in version 2 XMP)
/// in a HEIC.
public enum StillFormatConverter {
    /// `still` as a `format` file; nil when it is in that format already.
    /// - Throws: ``MediaError`` naming the still when it cannot be decoded or encoded.
    public static func convert(_ still: any StillImage, to format: StillFormat, encoding: StillEncoding, limits: ImageLimits = .default) throws -> [UInt8]? {
        guard still.format != format else { return nil }
        return try MediaError.naming(still.path) {
            let (decoded, _) = try still.decode(
                region: PixelRect(x: 0, y: 0, width: still.width, height: still.height), minimumWidth: still.width,
                minimumHeight: still.height, limits: limits)
            let orientation = still.orientation
            let upright = orientation == .up ? decoded : decoded.transformed(by: orientation)
            var exif = still.exif
            if exif?.orientation != nil { exif?.orientation = .up }
            if var metadata = exif {
                try metadata.setPixelDimensions(width: upright.width, height: upright.height)
                exif = metadata
            }
            let icc = try still.iccProfile ?? (still.nclxProfile == nil ? nil : still.colourSpace().iccProfile())
            let map = GainMapReader.upright(still, limits: limits)
            switch format {
            case .jpeg:
                var segments = try exif.map { [try JPEGSegment.exif(try $0.serialized())] } ?? []
                segments += try icc.map { try JPEGSegment.iccProfileSegments($0) } ?? []
                segments += try still.xmpPacket.map { [try JPEGSegment.xmp($0)] } ?? []
                let bytes = try JPEGAssembler.assemble(encoded: try JPEGEncoder.encode(upright, quality: encoding.jpegQuality), segments: segments)
                guard let map else { return bytes }
                return try GainMapJPEGWriter.attach(map.converted(toApple: false), form: .init(kind: .ultraHDR, iso21496: true), to: bytes)
            case .heic:
                let metadata = HEICEncoder.Metadata(exif: exif, xmp: still.xmpPacket, colourProfile: HEICColourProfile(icc: icc))
                let bytes = try HEICEncoder.encode(upright, metadata: metadata, settings: encoding.heic)
                guard let map else { return bytes }
                return try HEIFGainMapWriter.attach(map.converted(toApple: true), appleVersion: 2 << 16, to: bytes, settings: encoding.heic)
            case .png:
                throw MediaError(.unsupported, "a Motion Photo's still is a JPEG or a HEIC, not a PNG")
            }
        }
    }
}
