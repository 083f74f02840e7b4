import FuzzSupport

@testable import GlintMedia

/// A JPEG still's marker segments, read as Glint reads every still it inspects, edits or badges
/// (`JPEGStill`: `JPEGFile`, libjpeg's frame header, the Exif APP1's `ExifMetadata`) and as the
/// Motion Photo reader does (`JPEGFile` alone). Every segment is checked against the bytes it
/// came from, every metadata payload (Exif, XMP, MPF, ICC) is read, and the segments an edited
/// still keeps are written and parsed again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGSegments(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let file = try? JPEGFile(parsing: bytes) {
        require(file.bytes == bytes, "JPEGFile keeps the whole input")
        JPEGSegmentsCheck.walk(file)
        JPEGSegmentsCheck.edit(file)
    }
    let path = FuzzFile.shared(suffix: ".jpg").write(bytes)
    // Small limits: libjpeg reads only the header here, but Glint's callers check these first.
    guard let still = try? JPEGStill(path: path, limits: ImageLimits(maxWidth: 65_500, maxHeight: 65_500, maxPixelCount: 200_000_000)) else {
        return 0
    }
    JPEGSegmentsCheck.walk(still)
    return 0
}

enum JPEGSegmentsCheck {
    /// Checks each segment against the bytes at its offset and reads every metadata accessor.
    static func walk(_ file: JPEGFile) {
        let bytes = file.bytes
        require(file.segments.count == file.segmentOffsets.count, "one offset per segment")
        let scan = file.imageDataRange
        require(scan.lowerBound >= 2 && scan.lowerBound + 2 <= scan.upperBound && scan.upperBound <= bytes.count, "image data \(scan) lies inside the file")
        require(bytes[scan.lowerBound] == 0xFF && bytes[scan.lowerBound + 1] == 0xDA, "image data starts with SOS")
        require(bytes[scan.upperBound - 2] == 0xFF && bytes[scan.upperBound - 1] == 0xD9, "image data ends with EOI")
        var previousEnd = 2
        for (segment, offset) in zip(file.segments, file.segmentOffsets) {
            let end = offset + 4 + segment.payload.count
            require(offset >= previousEnd && end <= scan.lowerBound, "segment at \(offset) lies between the last one and the scan")
            require(bytes[offset] == 0xFF && bytes[offset + 1] == segment.marker, "the marker is where the offset says")
            require(Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]) == segment.payload.count + 2, "the length field counts the payload")
            require(bytes[(offset + 4)..<end].elementsEqual(segment.payload), "the payload is the file's bytes")
            require(bytes[offset..<end].elementsEqual(segment.serialized), "a segment serialises to its bytes")
            FuzzUse.keep(segment.isApplication)
            previousEnd = end
        }
        for marker in Set(file.segments.map(\.marker)) { FuzzUse.keep(file.segments(withMarker: marker).count) }
        require(file.trailingBytes.count == bytes.count - file.endOfImageOffset, "the trailer is what follows EOI")
        FuzzUse.use(file.xmpString)
        if let tiff = file.exifTIFF, let exif = try? ExifMetadata(tiff: tiff) { FuzzUse.use(exif.ifd0.entries.map(\.tag)) }
        if let mpf = file.mpfPayload {
            let header = file.mpfHeaderOffset!
            require(header >= 0 && header + mpf.count <= scan.lowerBound, "the MP header lies in its segment")
            require(bytes[header..<(header + mpf.count)].elementsEqual(mpf), "the MP header offset is where the MPF payload starts")
        } else {
            require(file.mpfHeaderOffset == nil, "no MP header without an MPF segment")
        }
        if let profile = try? file.iccProfile() { FuzzUse.keep(profile.reduce(0, &+)) }
    }

    /// Writes the segments an edited still keeps, and the JPEG the metadata editor makes, and
    /// parses both again: what Glint writes from a file it could parse must parse.
    static func edit(_ file: JPEGFile) {
        let exif = file.exifTIFF.flatMap { try? ExifMetadata(tiff: $0) }
        let profile: [UInt8]? = file.segments.count % 2 == 0 ? nil : Array(repeating: 7, count: 300)
        if let segments = try? file.editedMetadataSegments(exif: exif, iccProfile: profile) {
            let encoded = [0xFF, 0xD8] + Array(file.bytes[file.imageDataRange])
            let assembled: [UInt8]
            do {
                assembled = try JPEGAssembler.assemble(encoded: encoded, segments: segments)
            } catch {
                fatalError("the kept segments and the file's own image data do not assemble: \(error)")
            }
            guard let again = try? JPEGFile(parsing: assembled) else { fatalError("an assembled still does not parse") }
            require(again.segments == segments, "the assembled still holds the segments written")
        }
        let edit = JPEGMetadataEditor.Edit(editExif: { exif in
            exif.contentIdentifier = ContentIdentifier("8D1C3E0A-52E4-4B44-A1F7-2C2C2D7B3F10")
            exif.orientation = .right
        })
        guard let edited = try? JPEGMetadataEditor.apply(edit, to: file) else { return }
        guard let again = try? JPEGFile(parsing: edited) else { fatalError("the metadata editor wrote a JPEG that does not parse") }
        require(again.bytes[again.imageDataRange] == file.bytes[file.imageDataRange], "the editor copies the image data")
        guard let tiff = again.exifTIFF, let written = try? ExifMetadata(tiff: tiff) else {
            fatalError("the metadata editor wrote EXIF that does not parse")
        }
        require(written.contentIdentifier?.rawValue == "8D1C3E0A-52E4-4B44-A1F7-2C2C2D7B3F10", "the identifier written is read back")
    }

    /// Reads what a `JPEGStill` offers its callers.
    static func walk(_ still: JPEGStill) {
        let header = still.header
        require(header.width > 0 && header.height > 0, "a still's header has a size")
        FuzzUse.use(header)
        for denominator in [1, 2, 4, 8] {
            let size = header.outputSize(scaleDenominator: denominator)
            require(size.width > 0 && size.height > 0, "a scaled size is positive")
        }
        FuzzUse.keep(still.orientation)
        FuzzUse.keep(still.width * still.height)
        FuzzUse.keep(still.xmpPacket?.reduce(0, &+))
        FuzzUse.keep(still.iccProfile?.reduce(0, &+))
        FuzzUse.keep(still.exif?.orientation)
        FuzzUse.keep(still.format)
    }
}

/// `precondition`, but its message is printed in an optimised build too (a fuzz finding's report).
private func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
