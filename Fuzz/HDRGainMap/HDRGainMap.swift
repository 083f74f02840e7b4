import FuzzSupport

@testable import GlintProbe

/// A still's gain map, as `glint inspect` reads it (`HDRGainMapProbe`): a JPEG's head segments,
/// its MPF index and each secondary image's head (`JPEGHeadScan`, `MPFIndex`), their XMP
/// (`XMPPropertyScan`, `GainMapXMP`) and ISO 21496-1 metadata; a HEIF's item graph
/// (`HEIFItemGraph`: `iinf`, `iref`, `ipco`, `ipma`, `auxC`) and its XMP and `tmap` items. The
/// input is read as both; ISO 21496-1 metadata that parses must read back the same once written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHDRGainMap(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let path = FuzzFile.shared(suffix: ".img").write(bytes)
    guard let file = try? RandomAccessFile(path: path) else { return 0 }
    for found in [try? HDRGainMapProbe.probe(jpeg: file, makerNote: (1, 0.006)), try? HDRGainMapProbe.probe(heif: file, makerNote: nil)] {
        guard let found = found ?? nil else { continue }
        check(found.report)
        if let map = found.jpegMap {
            precondition(map.offset >= 0 && map.length >= 0 && map.length <= file.size - map.offset, "the map lies inside the file")
        }
    }
    let payload = Array(bytes)
    if let properties = GainMapXMP.properties(payload) { FuzzUse.use(properties) }
    if let metadata = try? ISO21496Metadata(payload[...]), metadata.parameters?.problem == nil {
        let again = try? ISO21496Metadata(metadata.serialized[...])
        precondition(again != nil, "ISO 21496-1 metadata Glint wrote does not parse again")
        precondition((again?.parameters == nil) == (metadata.parameters == nil), "written ISO 21496-1 metadata lost its parameters")
    }
    return 0
}

/// A report says what it found: at least one form or one warning, and a headroom only with its source.
private func check(_ report: HDRGainMapReport) {
    precondition(!report.forms.isEmpty || !report.warnings.isEmpty, "a report with neither a form nor a warning")
    precondition((report.headroom == nil) == (report.headroomSource == nil), "a headroom without its source, or the reverse")
    FuzzUse.use(report)
}
