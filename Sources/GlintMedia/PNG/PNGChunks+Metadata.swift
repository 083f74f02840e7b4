/// A PNG's EXIF and XMP changed in place: what location removal and a Takeout sidecar's capture
/// facts do to a PNG (its pixels untouched).
extension PNGChunks {
    /// Runs `body` on the `eXIf` chunk's EXIF (a minimal one when there is none), and writes the
    /// chunk back (before `IDAT`, as the PNG spec asks) when it changed.
    public mutating func editExif(_ body: (inout ExifMetadata) throws -> Void) throws {
        let index = chunks.firstIndex { $0.type == "eXIf" }
        var exif = try index.map { try ExifMetadata(tiff: chunks[$0].data) } ?? ExifMetadata.minimal()
        let before = try exif.serialized()
        try body(&exif)
        let after = try exif.serialized()
        guard after != before else { return }
        if let index {
            chunks[index].data = after
        } else {
            chunks.insert(Chunk(type: "eXIf", data: after), at: chunks.firstIndex { $0.type == "IDAT" } ?? max(chunks.count - 1, 0))
        }
    }

    /// Removes the GPS directory of the `eXIf` chunk and the places in the XMP `iTXt` chunk.
    public mutating func removeLocation() throws {
        if let index = chunks.firstIndex(where: { $0.type == "eXIf" }) {
            var exif = try ExifMetadata(tiff: chunks[index].data)
            exif.removeGPS()
            chunks[index].data = try exif.serialized()
        }
        let keyword = Array(Self.xmpKeyword.utf8) + [0]
        if let packet = xmpPacket, let index = chunks.firstIndex(where: { $0.type == "iTXt" && $0.data.starts(with: keyword) }) {
            let xmp = try XMPPacket(parsing: packet)
            guard xmp.hasLocation else { return }
            _ = xmp.removeLocation()
            chunks[index] = try Self.metadataChunks(icc: nil, exif: nil, xmp: try xmp.serialized())[0]
        }
    }
}
