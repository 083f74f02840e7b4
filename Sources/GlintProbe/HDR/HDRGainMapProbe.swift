/// Finds a still's HDR gain map and says what it is (``HDRGainMapReport``), in Swift alone: a
/// JPEG's MPF images (each one's head segments only) and XMP, a HEIF's `meta` item graph and the
/// small items it names (XMP, `tmap`). No pixel is decoded. A map that is present but malformed
/// gives a report with warnings; only a primary image that cannot be walked at all throws.
public enum HDRGainMapProbe {
    /// A map found, and where its image is.
    public struct Found: Sendable {
        public var report: HDRGainMapReport
        /// A JPEG's map image: its bytes' offset and length in the file.
        public var jpegMap: (offset: Int64, length: Int64)?
        /// A HEIF's map item.
        public var heifMapItem: UInt32?

        public init(report: HDRGainMapReport, jpegMap: (offset: Int64, length: Int64)? = nil, heifMapItem: UInt32? = nil) {
            self.report = report
            self.jpegMap = jpegMap
            self.heifMapItem = heifMapItem
        }
    }

    /// The most MPF images looked at for a map.
    public static let imageLimit = 8

    /// The Apple MakerNote's headroom values (tags 0x0021 and 0x0030), read by the caller.
    public typealias MakerNoteHeadroom = (maker33: Double, maker48: Double)

    /// The gain map of a JPEG, or nil when it has none.
    public static func probe(jpeg file: RandomAccessFile, makerNote: MakerNoteHeadroom?) throws -> Found? {
        let head = try JPEGHeadScan(file: file)
        let primary = head.xmpPacket.flatMap(GainMapXMP.properties)
        let listsGainMap = head.xmpPacket.flatMap(MotionPhotoXMPScan.metadata)?.hasGainMap ?? false
        var found = Found(report: HDRGainMapReport())
        var report = HDRGainMapReport()
        var mapXMP: GainMapXMP.Properties?
        if let mpf = head.mpf {
            do {
                (found.jpegMap, mapXMP) = try mapImage(MPFIndex(mpf.payload), headerOffset: mpf.headerOffset, in: file, into: &report)
            } catch {
                report.warnings.append("MPF index: \(describe(error))")
            }
        }
        if primary?.appleVersion != nil, !report.forms.contains(.apple) { report.forms.insert(.apple, at: 0) }
        if report.forms.isEmpty, head.iso21496 != nil { report.forms = [.iso21496] }
        let claimsMap = listsGainMap || primary?.ultraHDRVersion != nil || primary?.appleVersion != nil
        if found.jpegMap == nil, claimsMap { report.warnings.append("the XMP announces a gain map but no MPF image holds one") }
        if found.jpegMap == nil, !claimsMap, head.iso21496 != nil {
            report.warnings.append("an ISO 21496-1 segment announces a gain map but no MPF image holds one")
        }
        guard !report.forms.isEmpty || !report.warnings.isEmpty else { return nil }
        if report.forms.contains(.apple) {
            report.appleVersion = report.appleVersion ?? primary?.appleVersion.map(versionText)
            setAppleHeadroom(&report, xmp: mapXMP?.appleHeadroom ?? primary?.appleHeadroom, makerNote: makerNote)
        }
        found.report = report
        return found
    }

    /// Looks through the MPF images after the primary for the gain map; fills `report` from it.
    private static func mapImage(_ index: MPFIndex, headerOffset: Int64, in file: RandomAccessFile, into report: inout HDRGainMapReport) throws
        -> ((offset: Int64, length: Int64)?, GainMapXMP.Properties?)
    {
        for (number, image) in index.images.enumerated().prefix(imageLimit) where image.offset != 0 {
            let start = headerOffset.addingReportingOverflow(image.offset)
            guard !start.overflow, start.partialValue <= file.size, image.size <= file.size - start.partialValue else {
                report.warnings.append("MPF image \(number + 1) (\(image.size) bytes at \(image.offset)) lies past the end of the file")
                continue
            }
            let window = try RandomAccessFile(path: file.path, offset: file.baseOffset + start.partialValue, length: image.size)
            let scan: JPEGHeadScan
            do {
                scan = try JPEGHeadScan(file: window)
            } catch {
                report.warnings.append("MPF image \(number + 1): \(describe(error))")
                continue
            }
            guard fill(&report, from: scan) else { continue }
            return ((start.partialValue, image.size), scan.xmpPacket.flatMap(GainMapXMP.properties))
        }
        return (nil, nil)
    }

    /// Fills `report` from a secondary image's head when it is a gain map; false when it is not one.
    private static func fill(_ report: inout HDRGainMapReport, from scan: JPEGHeadScan) -> Bool {
        let xmp = scan.xmpPacket.flatMap(GainMapXMP.properties)
        let isApple = xmp?.auxiliaryType == AppleHDRHeadroom.auxiliaryType || xmp?.appleVersion != nil
        let isUltraHDR = xmp?.ultraHDRVersion != nil
        guard isApple || isUltraHDR || scan.iso21496 != nil else { return false }
        (report.mapWidth, report.mapHeight, report.mapChannels) = (scan.width, scan.height, scan.components)
        if scan.components != 1 && scan.components != 3 { report.warnings.append("the gain map image has \(scan.components) components") }
        if isApple {
            report.forms.append(.apple)
            report.appleVersion = xmp?.appleVersion.map(versionText)
        }
        if isUltraHDR, let xmp {
            report.forms.append(.ultraHDR)
            report.ultraHDRVersion = xmp.ultraHDRVersion
            report.ultraHDR = xmp.ultraHDR
            if let problem = xmp.ultraHDRProblem { report.warnings.append(problem) }
            if let parameters = xmp.ultraHDR { (report.headroom, report.headroomSource) = (parameters.headroom, .hdrgm) }
        }
        if let payload = scan.iso21496 { fillISO(&report, payload[...]) }
        return true
    }

    /// Adds the ISO 21496-1 form and parameters from a metadata payload (a warning when it is malformed).
    static func fillISO(_ report: inout HDRGainMapReport, _ payload: ArraySlice<UInt8>) {
        report.forms.append(.iso21496)
        do {
            let metadata = try ISO21496Metadata(payload)
            report.iso21496 = metadata.parameters
            if let parameters = metadata.parameters, report.headroom == nil {
                (report.headroom, report.headroomSource) = (parameters.headroom, .iso21496)
            }
        } catch {
            report.warnings.append("ISO 21496-1 metadata: \(describe(error))")
        }
    }

    /// Apple's headroom: version 2's XMP value, else the MakerNote's; a warning when neither is there.
    static func setAppleHeadroom(_ report: inout HDRGainMapReport, xmp: Double?, makerNote: MakerNoteHeadroom?) {
        if let xmp, xmp.isFinite, xmp >= 1 {
            (report.headroom, report.headroomSource) = (xmp, .xmp)
        } else if let makerNote {
            (report.headroom, report.headroomSource) = (AppleHDRHeadroom.headroom(maker33: makerNote.maker33, maker48: makerNote.maker48), .makerNote)
        } else if report.headroomSource != .hdrgm && report.headroomSource != .iso21496 {
            report.warnings.append("Apple gain map without a headroom (no MakerNote tags 0x0021/0x0030, no HDRGainMapHeadroom)")
        }
    }

    /// `65536` as `1.0`.
    static func versionText(_ value: Int) -> String { "\(value >> 16).\(value & 0xFFFF)" }

    static func describe(_ error: Error) -> String {
        (error as? MediaError)?.problem ?? "\(error)"
    }
}
