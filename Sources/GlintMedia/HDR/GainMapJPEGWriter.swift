/// Writes a gain map into a JPEG, in the form the input had: the map as a second JPEG after the
/// primary image, indexed by a Multi-Picture Format (CIPA DC-007) APP2 segment in the primary.
///
/// - Ultra HDR: the map carries `hdrgm` XMP (and the ISO 21496-1 APP2 segment when the input
///   had one); the primary's XMP gets `hdrgm:Version` and a `Container:Directory` listing the
///   Primary and the GainMap with its exact length (and the ISO version segment).
/// - Apple: the map carries `apdi:AuxiliaryImageType` and `HDRGainMap:HDRGainMapVersion` XMP; the
///   headroom is in the primary's MakerNote, written by the caller.
public enum GainMapJPEGWriter {
    /// The quality of the map's JPEG (phones write 85 to 95).
    public static let mapQuality = 90

    /// What to write besides the pixels.
    public struct Form: Sendable, Equatable {
        public var kind: HDRGainMapReport.Form
        /// Apple's `HDRGainMapVersion` value (65536 for 1.0).
        public var appleVersion: Int
        /// Whether to write ISO 21496-1 metadata too.
        public var iso21496: Bool

        public init(kind: HDRGainMapReport.Form, appleVersion: Int = 65536, iso21496: Bool = false) {
            self.kind = kind
            self.appleVersion = appleVersion
            self.iso21496 = iso21496
        }
    }

    /// `primary` (a complete JPEG without an MPF index) with `map` appended.
    /// - Throws: ``MediaError`` when the map cannot be encoded or a segment does not fit.
    /// - Parameter exif: EXIF to write in place of the primary's (a headroom brought up to date).
    public static func attach(_ map: GainMap, form: Form, to primary: [UInt8], exif: ExifMetadata? = nil) throws -> [UInt8] {
        try attach(mapFile: try mapJPEG(map, form: form), form: form, to: primary, exif: exif)
    }

    /// `primary` (a complete JPEG; any MPF index and trailing data are dropped) with `mapFile`, a
    /// complete gain map JPEG, appended and indexed, and `exif` in place of its EXIF when given.
    public static func attach(mapFile: [UInt8], form: Form, to primary: [UInt8], exif: ExifMetadata? = nil) throws -> [UInt8] {
        let file = try JPEGFile(parsing: primary)
        var segments = file.segments.filter { $0.isApplication || $0.marker == JPEGMarker.comment }
        if let exif, let index = segments.firstIndex(where: JPEGMetadataEditor.isExif) {
            segments[index] = try JPEGSegment.exif(try exif.serialized())
        }
        let headerEnd = file.segmentOffsets[segments.count...].first ?? file.imageDataRange.lowerBound
        guard segments.count == file.segments.prefix(while: { $0.isApplication || $0.marker == JPEGMarker.comment }).count else {
            throw MediaError(.corrupt, "the edited JPEG's metadata segments do not come first")
        }
        segments.removeAll { $0.marker == JPEGMarker.app2 && $0.payload.starts(with: JPEGSegment.mpfSignature) }
        if form.kind != .apple {
            try setUltraHDRDirectory(&segments, mapLength: mapFile.count, iso: form.iso21496 || form.kind == .iso21496)
        }
        // MPF last among the metadata: its offsets count from its own header.
        let placeholder = try mpfSegment(primaryLength: 0, mapOffset: 0, mapLength: 0)
        segments.append(placeholder)
        var bytes: [UInt8] = [0xFF, JPEGMarker.startOfImage]
        for segment in segments { segment.append(to: &bytes) }
        let mpfHeader = bytes.count - placeholder.payload.count + JPEGSegment.mpfSignature.count
        bytes += primary[headerEnd..<file.imageDataRange.upperBound]
        let real = try mpfSegment(primaryLength: bytes.count, mapOffset: bytes.count - mpfHeader, mapLength: mapFile.count)
        bytes.replaceSubrange(
            (mpfHeader - JPEGSegment.mpfSignature.count)..<(mpfHeader - JPEGSegment.mpfSignature.count + real.payload.count), with: real.payload)
        return bytes + mapFile
    }

    /// The map as a complete JPEG with its own metadata.
    static func mapJPEG(_ map: GainMap, form: Form) throws -> [UInt8] {
        let encoded =
            map.channels == 1
            ? try JPEGEncoder.encodeGrey(map.image, quality: mapQuality) : try JPEGEncoder.encode(map.image, quality: mapQuality, subsampling: .yuv444)
        var properties: [(String, [String])] = []
        var segments: [JPEGSegment] = []
        switch (form.kind, map.encoding) {
        case (.apple, _):
            properties = [("apdi:AuxiliaryImageType", [AppleHDRHeadroom.auxiliaryType]), ("HDRGainMap:HDRGainMapVersion", [String(form.appleVersion)])]
            if form.appleVersion >= 2 << 16 { properties.append(("HDRGainMap:HDRGainMapHeadroom", [String(map.headroom)])) }
        case (_, .logarithmic(let parameters)):
            properties = UltraHDRMetadata.properties(parameters)
            if form.iso21496 || form.kind == .iso21496 {
                segments.append(try JPEGSegment(marker: JPEGMarker.app2, payload: ISO21496Metadata.urn + ISO21496Metadata(parameters: parameters).serialized))
            }
        case (_, .apple):
            throw MediaError(.invalidArgument, "an Apple gain map cannot be written as \(form.kind.rawValue)")
        }
        segments.insert(try JPEGSegment.xmp(UltraHDRMetadata.packet(properties)), at: 0)
        return try JPEGAssembler.assemble(encoded: encoded, segments: segments)
    }

    /// The primary's XMP lists the map (`hdrgm:Version`, a Primary + GainMap directory) and, with
    /// ISO 21496-1, the primary carries the metadata's version segment.
    static func setUltraHDRDirectory(_ segments: inout [JPEGSegment], mapLength: Int, iso: Bool) throws {
        let index = segments.firstIndex { $0.marker == JPEGMarker.app1 && $0.payload.starts(with: JPEGSegment.xmpSignature) }
        let packet = try index.map { try XMPPacket(parsing: Array(segments[$0].payload.dropFirst(JPEGSegment.xmpSignature.count))) } ?? XMPPacket()
        try UltraHDRMetadata.writeDirectory(into: packet, mapLength: Int64(mapLength))
        let segment = try JPEGSegment.xmp(try packet.serialized())
        if let index { segments[index] = segment } else { segments.insert(segment, at: segments.first?.marker == JPEGMarker.app0 ? 1 : 0) }
        segments.removeAll { $0.marker == JPEGMarker.app2 && $0.payload.starts(with: ISO21496Metadata.urn) }
        if iso { segments.append(try JPEGSegment(marker: JPEGMarker.app2, payload: ISO21496Metadata.urn + [0, 0, 0, 0])) }
    }

    /// An MPF index of two images, big-endian: the primary (`primaryLength` bytes from the start)
    /// and the map (`mapLength` bytes at `mapOffset` from the MP header).
    static func mpfSegment(primaryLength: Int, mapOffset: Int, mapLength: Int) throws -> JPEGSegment {
        var w = ByteWriter()
        w.write(bytes: [0x4D, 0x4D, 0x00, 0x2A])
        w.write(UInt32(8))
        w.write(UInt16(3))
        let entriesOffset = UInt32(8 + 2 + 3 * 12 + 4)
        for (tag, type, count, value) in [(0xB000, 7, 4, 0x3031_3030), (0xB001, 4, 1, 2), (0xB002, 7, 32, Int(entriesOffset))] {
            w.write(UInt16(tag))
            w.write(UInt16(type))
            w.write(UInt32(count))
            w.write(UInt32(value))
        }
        w.write(UInt32(0))
        for (attributes, size, offset) in [(UInt32(0x03_0000), primaryLength, 0), (UInt32(0), mapLength, mapOffset)] {
            w.write(attributes)
            w.write(UInt32(clamping: size))
            w.write(UInt32(clamping: offset))
            w.write(UInt32(0))
        }
        return try JPEGSegment(marker: JPEGMarker.app2, payload: JPEGSegment.mpfSignature + w.bytes)
    }
}
