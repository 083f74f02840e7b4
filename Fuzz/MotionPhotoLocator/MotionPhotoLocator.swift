import FuzzSupport

@testable import GlintProbe

/// Where a Motion Photo's video is, found as the submission probe finds it, in a JPEG or HEIC:
/// the JPEG's segments up to its frame header (`JPEGFrameProbe`) and its XMP packet, scanned by
/// `MotionPhotoXMPScan` (`XMPTagScanner`) into `MotionPhotoMetadata` (Container directory,
/// `MicroVideoOffset`), the Samsung trailer (`SamsungTrailer`: `SEFT` footer, `SEFH` directory,
/// blocks) and a HEIF's `mpvd` box or XMP item; then the located movie is read as Glint reads it
/// (`MotionPhotoProbe`: a window on the file, `MovieDurationProbe`). Every range found lies
/// inside the file. The whole input is also scanned as an XMP packet, so the scanner meets
/// packets that no frame header guards.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMotionPhotoLocator(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let metadata = MotionPhotoXMPScan.metadata(bytes) { checkLocation(of: metadata, fileSize: Int64(count)) }
    let path = FuzzFile.shared().write(bytes)
    guard let file = try? RandomAccessFile(path: path) else { return 0 }
    readTrailer(file)
    let duration: Double??
    switch StillFormat(sniffing: Array(bytes.prefix(32))) {
    case .jpeg: duration = locateInJPEG(file)
    case .heic: duration = locateInHEIF(file)
    case .png, nil: duration = nil
    }
    if let seconds = duration ?? nil {
        precondition(seconds.isFinite && seconds >= 0, "a Motion Photo video's duration is finite and not negative: \(seconds)")
    }
    return 0
}

/// The JPEG's frame header and XMP packet, where the packet says the video is, and its duration
/// as `MediaProbe` reads it (nil when the probe throws).
private func locateInJPEG(_ file: RandomAccessFile) -> Double?? {
    guard let header = try? JPEGFrameProbe(file: file) else { return nil }
    precondition(header.width > 0 && header.height > 0, "a JPEG frame header gives a size: \(header.width)x\(header.height)")
    if let xmp = header.xmpPacket {
        precondition(xmp.count <= 0xFFFF - 2 - JPEGMarker.xmpSignature.count, "an XMP packet fits its segment")
        if let metadata = MotionPhotoXMPScan.metadata(xmp) { checkLocation(of: metadata, fileSize: file.size) }
    }
    return try? MotionPhotoProbe.duration(jpeg: file, xmp: header.xmpPacket)
}

/// The HEIF's `mpvd` box or XMP item, and its video's duration as `MediaProbe` reads it.
private func locateInHEIF(_ file: RandomAccessFile) -> Double?? {
    guard let boxes = try? TopLevelBox.scan(file, limit: MovieDurationProbe.topLevelBoxLimit) else { return nil }
    if let items = try? HEIFItems(file: file, boxes: boxes, metaLimit: MediaProbe.metaSizeLimit), let item = items.xmpItem,
        let packet = try? items.data(of: item, in: file, limit: MotionPhotoProbe.xmpItemLimit),
        let metadata = MotionPhotoXMPScan.metadata(packet)
    {
        checkLocation(of: metadata, fileSize: file.size)
    }
    return try? MotionPhotoProbe.duration(heif: file, boxes: boxes)
}

/// Reads every property of `metadata` and holds the video range it gives to the file's bounds.
private func checkLocation(of metadata: MotionPhotoMetadata, fileSize: Int64) {
    FuzzUse.use(metadata)
    precondition(metadata.directory.count <= MotionPhotoMetadata.directoryLimit, "the directory keeps to its limit")
    FuzzUse.keep(metadata.motionPhotoItem?.index)
    FuzzUse.keep(metadata.hasGainMap)
    FuzzUse.keep(metadata.stillTimestampUs)
    guard let location = try? metadata.videoLocation(fileSize: fileSize, path: "fuzz") else { return }
    precondition(
        location.offset >= 0 && location.length > 0 && location.length <= fileSize - location.offset,
        "the \(location.source.phrase) puts the video at \(location.offset), \(location.length) bytes, outside a \(fileSize)-byte file")
    FuzzUse.keep(location.source.phrase)
}

/// The Samsung trailer's blocks: each (its header, name and data) lies before the directory, inside the file.
private func readTrailer(_ file: RandomAccessFile) {
    guard let blocks = try? SamsungTrailer.blocks(in: file) else { return }
    precondition(blocks.count <= SamsungTrailer.blockLimit, "a trailer keeps to its block limit")
    for block in blocks {
        FuzzUse.use(block)
        precondition(block.start >= 0 && block.dataOffset >= block.start + 8, "a trailer block starts inside the file, its data after its header")
        precondition(block.dataLength >= 0 && block.dataLength <= file.size - 8 - block.dataOffset, "trailer block '\(block.name)' runs past the directory")
        precondition(Int64(block.name.utf8.count) <= SamsungTrailer.nameLimit * 3, "a block name keeps to its limit")
    }
    FuzzUse.keep(try? SamsungTrailer.motionPhotoBlock(in: file))
}
