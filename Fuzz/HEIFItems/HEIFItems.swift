import FuzzSupport

@testable import GlintProbe

/// A HEIF file's `meta` box, as the submission probe reads it: the file's top-level boxes
/// (`TopLevelBox.scan`), the primary image's size (`HEIFPrimaryImageSize`: `pitm`, `iprp/ipco`,
/// `ipma`, `ispe`), and its items (`HEIFItems`: `iinf`, `infe`, `iloc`, `idat`). Every item's
/// bytes are read through `HEIFItems.data(of:in:limit:)` (each extent inside the file, or inside
/// `idat`); the XMP item is scanned as `MotionPhotoProbe` scans it; the `iloc` table
/// (`HEIFItemLocations`) written again by `makeBox()` must parse back to the same locations.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFItems(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let path = FuzzFile.shared(suffix: ".heic").write(UnsafeRawBufferPointer(start: start, count: count))
    guard let file = try? RandomAccessFile(path: path),
        let boxes = try? TopLevelBox.scan(file, limit: MovieDurationProbe.topLevelBoxLimit)
    else { return 0 }
    if let size = try? HEIFPrimaryImageSize(file: file, boxes: boxes, metaLimit: MediaProbe.metaSizeLimit) {
        precondition(size.width > 0 && size.height > 0, "a HEIF primary image has a size: \(size.width)x\(size.height)")
    }
    if let items = try? HEIFItems(file: file, boxes: boxes, metaLimit: MediaProbe.metaSizeLimit) {
        readItems(items, in: file)
    }
    checkLocations(file: file, boxes: boxes)
    return 0
}

/// Reads every item's fields and bytes, and the XMP item's Motion Photo properties.
private func readItems(_ items: HEIFItems, in file: RandomAccessFile) {
    for item in items.items {
        // Field by field: a reflective dump of an item with 65,536 zero-size extents (no byte each)
        // took seconds under the sanitizers; the extents are walked below.
        FuzzUse.keep((item.id, item.type, item.contentType, item.inIDAT, item.extents.count))
        guard let data = try? items.data(of: item, in: file, limit: 1 << 20) else { continue }
        let total = item.extents.reduce(Int64(0)) { $0 + $1.length }
        precondition(Int64(data.count) == total, "item \(item.id) read \(data.count) bytes of its \(total)")
        let size = item.inIDAT ? Int64(items.idat.count) : file.size
        for extent in item.extents {
            precondition(
                extent.offset >= 0 && extent.length >= 0 && extent.offset <= size && extent.length <= size - extent.offset,
                "item \(item.id) was read outside its data")
        }
    }
    guard let xmp = items.xmpItem else { return }
    precondition(xmp.type == "mime", "the XMP item is a mime item")
    guard let packet = try? items.data(of: xmp, in: file, limit: MotionPhotoProbe.xmpItemLimit),
        let metadata = MotionPhotoXMPScan.metadata(packet)
    else { return }
    FuzzUse.use(metadata)
    if let location = try? metadata.videoLocation(fileSize: file.size, path: file.path) {
        precondition(location.offset >= 0 && location.length > 0 && location.length <= file.size - location.offset, "the video lies inside the file")
    }
}

/// The `meta` box's `iloc` table read as `HEIFMetadataEditor` reads it, written again and read back.
private func checkLocations(file: RandomAccessFile, boxes: [TopLevelBox]) {
    guard let metaBox = boxes.first(where: { $0.type == "meta" }), metaBox.size <= MediaProbe.metaSizeLimit,
        let payload = try? file.read(at: metaBox.payloadOffset, count: Int(metaBox.size) - metaBox.headerSize),
        let meta = try? BoxParser.parseBox(type: "meta", payload: payload[...], context: "meta", parentType: nil, depth: 0),
        let iloc = meta.child("iloc"), let locations = try? HEIFItemLocations(iloc.payload)
    else { return }
    precondition(locations.locations.reduce(0) { $0 + $1.extents.count } <= HEIFItemLocations.extentLimit, "iloc keeps to its extent limit")
    let written = locations.makeBox()
    let again: HEIFItemLocations
    do {
        again = try HEIFItemLocations(written.payload)
    } catch {
        preconditionFailure("an iloc box Glint wrote does not parse again: \(error)")
    }
    precondition(again.locations.count == locations.locations.count, "iloc written again lists another number of items")
    for (a, b) in zip(again.locations, locations.locations) {
        precondition(
            a.itemID == b.itemID && a.constructionMethod == b.constructionMethod && a.dataReferenceIndex == b.dataReferenceIndex,
            "iloc item \(b.itemID) changed when written again")
        precondition(
            a.extents.map(\.offset) == b.extents.map(\.offset) && a.extents.map(\.length) == b.extents.map(\.length)
                && a.extents.map(\.index) == b.extents.map(\.index), "iloc extents of item \(b.itemID) changed when written again")
    }
}
