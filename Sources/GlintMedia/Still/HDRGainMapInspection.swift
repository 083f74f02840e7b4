/// A still's gain map as `glint inspect` reports it: ``HDRGainMapProbe`` with the Apple
/// MakerNote's headroom values, which only GlintMedia parses.
public enum HDRGainMapInspection {
    /// The still's gain map, or nil when it has none. A primary image whose segments or boxes
    /// cannot be walked gives a report that says so rather than an error: the still itself was read.
    public static func report(_ still: any StillImage, file: RandomAccessFile) -> HDRGainMapReport? {
        found(still, file: file)?.report
    }

    /// The map and where it is, or nil when the still has none.
    public static func found(_ still: any StillImage, file: RandomAccessFile) -> HDRGainMapProbe.Found? {
        let makerNote = still.exif?.makerNote?.apple?.hdrHeadroomValues
        if let jpeg = still as? JPEGStill, makerNote == nil, !mayHoldMap(jpeg.file) { return nil }
        do {
            switch still {
            case is JPEGStill: return try HDRGainMapProbe.probe(jpeg: file, makerNote: makerNote)
            case is HEICStill: return try HDRGainMapProbe.probe(heif: file, makerNote: makerNote)
            default: return nil
            }
        } catch {
            let problem = (error as? MediaError)?.problem ?? "\(error)"
            return HDRGainMapProbe.Found(report: HDRGainMapReport(warnings: ["gain map not read: \(problem)"]))
        }
    }

    /// Whether a JPEG's own segments (already in memory) hint at a gain map: an MPF index, an
    /// ISO 21496-1 segment, or XMP naming `hdrgm`, `HDRGainMap` or a GainMap item. Most JPEGs hint at none and
    /// are not walked again (a library's inspection reads thousands).
    static func mayHoldMap(_ file: JPEGFile) -> Bool {
        if file.mpfPayload != nil { return true }
        if file.segments.contains(where: { $0.marker == JPEGMarker.app2 && $0.payloadStarts(with: ISO21496Metadata.urn) }) { return true }
        guard let xmp = file.xmpPacket else { return false }
        // `hdr-gain-map` is in hdrgm's namespace; `GainMap` in Apple's and in a directory's GainMap item.
        return xmp.firstRange(of: Array("hdr-gain-map".utf8)) != nil || xmp.firstRange(of: Array("GainMap".utf8)) != nil
    }
}
