/// A JPEG's gain map image, found in its bytes: the first image of its MPF index after the
/// primary that names itself a gain map (`hdrgm` XMP, Apple's `apdi` or `HDRGainMap` XMP, or an
/// ISO 21496-1 segment), with the form it is in. Bounded as ``HDRGainMapProbe`` is: at most
/// ``HDRGainMapProbe/imageLimit`` images looked at, each inside the bytes.
public enum GainMapJPEG {
    public struct Found: Sendable {
        /// The map image, a complete JPEG.
        public var bytes: ArraySlice<UInt8>
        /// How it is written.
        public var form: GainMapJPEGWriter.Form
    }

    /// The map of `file`, or nil when it has none (or its index is damaged).
    public static func find(in file: JPEGFile) -> Found? {
        guard let payload = file.mpfPayload, let header = file.mpfHeaderOffset, let index = try? MPFIndex(payload) else { return nil }
        for image in index.images.prefix(HDRGainMapProbe.imageLimit) where image.offset != 0 {
            let (start, overflow) = Int64(header).addingReportingOverflow(image.offset)
            guard !overflow, start >= Int64(file.imageDataRange.upperBound), image.size > 0, start <= Int64(file.bytes.count),
                image.size <= Int64(file.bytes.count) - start
            else { continue }
            let bytes = file.bytes[Int(start)..<Int(start + image.size)]
            guard let map = try? JPEGFile(parsing: Array(bytes)), let form = form(of: map) else { continue }
            return Found(bytes: bytes, form: form)
        }
        return nil
    }

    /// The form a map image is written in, or nil when it is no gain map.
    static func form(of map: JPEGFile) -> GainMapJPEGWriter.Form? {
        let xmp = map.xmpPacket.flatMap(GainMapXMP.properties)
        let iso = map.segments.contains { $0.marker == JPEGMarker.app2 && $0.payloadStarts(with: ISO21496Metadata.urn) }
        if xmp?.auxiliaryType == AppleHDRHeadroom.auxiliaryType || xmp?.appleVersion != nil {
            return .init(kind: .apple, appleVersion: xmp?.appleVersion ?? 65536)
        }
        if xmp?.ultraHDRVersion != nil { return .init(kind: .ultraHDR, iso21496: iso) }
        return iso ? .init(kind: .iso21496, iso21496: true) : nil
    }

    /// The map image without its EXIF segments (a map's own location, when the location goes).
    static func withoutExif(_ map: ArraySlice<UInt8>) throws -> [UInt8] {
        let file = try JPEGFile(parsing: Array(map))
        guard file.segments.contains(where: JPEGMetadataEditor.isExif) else { return Array(map) }
        var bytes: [UInt8] = [0xFF, JPEGMarker.startOfImage]
        for segment in file.segments where !JPEGMetadataEditor.isExif(segment) { segment.append(to: &bytes) }
        return bytes + file.bytes[file.imageDataRange]
    }
}
