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
}
