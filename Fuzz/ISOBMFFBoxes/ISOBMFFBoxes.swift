import FuzzSupport

@testable import GlintProbe

/// ISO-BMFF / QuickTime boxes, as GlintProbe and GlintMedia read them. In memory: the input is
/// parsed as a sequence of boxes (`BoxParser`, children of containers and `meta` recursively),
/// every box of the tree is walked, each `mvhd` read (`MovieHeaderTiming`), and the tree written
/// again (`Box.serialized`) must parse back to itself. As a file: its top-level boxes
/// (`TopLevelBox.scan`) must tile it, the headers of their children (`TopLevelBox.header`) must lie
/// inside their parents, `moov` is parsed as `QuickTimeMovie` does and the submission probe's
/// `MovieDurationProbe` reads its duration. Last, a `ByteReader` over a slice of the input runs
/// reads chosen by the input's last bytes and is held to what it promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzISOBMFFBoxes(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    parseInMemory(bytes)
    let path = FuzzFile.shared(suffix: ".mov").write(bytes)
    if let file = try? RandomAccessFile(path: path) {
        scanFile(file)
        if let seconds = try? MovieDurationProbe.duration(of: file) {
            precondition(seconds.isFinite && seconds >= 0, "a movie's duration is finite and not negative: \(seconds)")
        }
    }
    ByteReaderCheck.run(bytes)
    return 0
}

/// The input as consecutive boxes: parsed, walked, and parsed again from what it writes.
private func parseInMemory(_ bytes: [UInt8]) {
    guard let boxes = try? BoxParser.parseBoxes(bytes[...], context: "fuzz") else { return }
    var boxCount = 0
    for box in boxes { walk(box, depth: 0, count: &boxCount) }
    var writer = ByteWriter()
    for box in boxes { box.write(to: &writer) }
    precondition(writer.count == boxes.reduce(0) { $0 + $1.serializedSize }, "boxes write the size they announce")
    let again: [Box]
    do {
        again = try BoxParser.parseBoxes(writer.bytes[...], context: "written again")
    } catch {
        preconditionFailure("boxes Glint wrote do not parse again: \(error)")
    }
    precondition(again == boxes, "boxes written and parsed again differ from the ones parsed")
}

/// Reads every box of the tree (type, payload, children, the accessors callers use) and each
/// `mvhd` the way the probe and `MovieHeader` read it.
private func walk(_ box: Box, depth: Int, count: inout Int) {
    count += 1
    precondition(depth < 32, "boxes nested deeper than BoxParser allows")
    FuzzUse.keep(box.type.description)
    FuzzUse.keep(box.payload.first)
    FuzzUse.keep(box.payload.last)
    FuzzUse.keep(box.containerPrefix.count)
    precondition(box.isContainer == (box.children != nil))
    precondition(box.isContainer || box.containerPrefix.isEmpty, "a leaf box has no container prefix")
    if box.type == "mvhd", let timing = try? MovieHeaderTiming(mvhd: box.payload) {
        precondition(timing.timescale > 0, "an mvhd's timescale is positive")
        precondition(timing.length > 0 && timing.length <= box.payload.count, "an mvhd's timing lies inside its payload")
        precondition(timing.seconds.isFinite && timing.seconds >= 0, "an mvhd's duration is finite and not negative")
    }
    guard let children = box.children else { return }
    for type in ["mvhd", "trak", "mdia", "minf", "stbl", "hdlr", "iinf", "iloc"] as [FourCC] {
        FuzzUse.keep(box.child(type))
        FuzzUse.keep(box.children(type).count)
    }
    FuzzUse.keep(box.descendant(["trak", "mdia", "minf", "stbl", "stsd"]))
    for child in children { walk(child, depth: depth + 1, count: &count) }
}

/// The input as a file: top-level boxes, the headers of their children, and `moov` as
/// `QuickTimeMovie` parses it.
private func scanFile(_ file: RandomAccessFile) {
    guard let boxes = try? TopLevelBox.scan(file, limit: MovieDurationProbe.topLevelBoxLimit) else { return }
    var end: Int64 = 0
    for box in boxes {
        precondition(box.offset == end, "top-level box '\(box.type)' does not start where the last one ended")
        precondition(box.headerSize == 8 || box.headerSize == 16, "a box header is 8 or 16 bytes")
        precondition(box.size >= Int64(box.headerSize) && box.payloadOffset <= file.size, "box '\(box.type)' holds its header")
        end += box.size
    }
    precondition(end == file.size, "the top-level boxes tile the file: they end at \(end) of \(file.size)")
    var headers = 0
    for box in boxes where BoxParser.plainContainers.contains(box.type) {
        walkHeaders(in: file, of: box, headers: &headers)
    }
    guard let moov = boxes.first(where: { $0.type == "moov" }), moov.size <= 1 << 20,
        let payload = try? file.read(at: moov.payloadOffset, count: Int(moov.size) - moov.headerSize),
        let children = try? BoxParser.parseBoxes(payload[...], context: "moov")
    else { return }
    var count = 0
    walk(Box("moov", children: children), depth: 0, count: &count)
}

/// The headers of the children of a container, read one at a time (as the probe reads `moov`'s),
/// recursively: each lies inside its parent. At most 4,096 headers for one input.
private func walkHeaders(in file: RandomAccessFile, of parent: TopLevelBox, headers: inout Int) {
    let end = parent.offset + parent.size
    var offset = parent.payloadOffset
    while offset < end, headers < 4096 {
        guard let child = try? TopLevelBox.header(in: file, at: offset, end: end) else { return }
        headers += 1
        precondition(child.offset == offset && child.size >= Int64(child.headerSize), "a header is where it was asked for, and holds itself")
        precondition(child.offset + child.size <= end, "child '\(child.type)' runs past the end of its parent")
        if BoxParser.plainContainers.contains(child.type) { walkHeaders(in: file, of: child, headers: &headers) }
        offset += child.size
    }
}
