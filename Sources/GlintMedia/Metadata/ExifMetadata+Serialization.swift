extension ExifMetadata {
    /// The TIFF bytes of this EXIF block, ready to follow `"Exif\0\0"` in a JPEG APP1 segment.
    ///
    /// Layout: header, IFD0, Exif IFD (with the MakerNote in its data area), Interoperability
    /// IFD, GPS IFD, IFD1 and the thumbnail. Entries are sorted by tag, values longer than four
    /// bytes start on even offsets, and the pointer entries are rebuilt. An Exif IFD is written
    /// whenever there is a MakerNote or Interoperability IFD to hang from it.
    /// - Throws: ``MediaError`` `.tooLarge` when the result would exceed
    ///   ``maximumSerializedSize``; `.invalidArgument` for an entry whose value length does not
    ///   match its count and type.
    public func serialized() throws -> [UInt8] {
        let layout = try Layout(self)
        var output = byteOrder.marker + byteOrder.bytes(UInt16(42)) + byteOrder.bytes(UInt32(8))
        for directory in layout.directories {
            assert(output.count == directory.offset, "EXIF layout drifted")
            try TIFFDirectoryWriter.write(directory.entries, next: directory.next, byteOrder: byteOrder, into: &output)
        }
        if let thumbnail = layout.thumbnail { output += thumbnail }
        return output
    }

    /// Where each directory goes, with its pointer entries filled in.
    private struct Layout {
        struct Placed {
            var entries: [TIFFEntry]
            var offset: Int
            var next: UInt32 = 0
        }
        var directories: [Placed] = []
        var thumbnail: [UInt8]?

        init(_ metadata: ExifMetadata) throws {
            let order = metadata.byteOrder
            func pointer(_ tag: UInt16, _ offset: Int) -> TIFFEntry { Self.pointer(tag, offset, order) }
            var (ifd0, exif, interop, gps, ifd1) = try Self.directories(of: metadata)
            if ifd1 != nil, let thumbnail = metadata.thumbnailBytes, !thumbnail.isEmpty {
                self.thumbnail = thumbnail
                ifd1?.append(pointer(ExifTag.thumbnailOffset, 0))
                ifd1?.append(.long(tag: ExifTag.thumbnailLength, [UInt32(truncatingIfNeeded: thumbnail.count)], byteOrder: order))
            }

            // Sizes do not depend on pointer values, so place everything, then fill them in.
            let ifd0Offset = 8
            var offset = ifd0Offset + TIFFDirectoryWriter.byteSize(of: ifd0)
            func place(_ entries: [TIFFEntry]?) -> Int? {
                guard let entries else { return nil }
                defer { offset += TIFFDirectoryWriter.byteSize(of: entries) }
                return offset
            }
            let exifOffset = place(exif)
            let interopOffset = place(interop)
            let gpsOffset = place(gps)
            let ifd1Offset = place(ifd1)
            let total = offset + (thumbnail?.count ?? 0)
            guard total <= ExifMetadata.maximumSerializedSize else {
                throw MediaError(
                    .tooLarge, "EXIF block would be \(total) bytes, more than the \(ExifMetadata.maximumSerializedSize) a JPEG APP1 segment can hold")
            }

            func fill(_ entries: inout [TIFFEntry], _ tag: UInt16, _ value: Int?) {
                guard let value, let index = entries.firstIndex(where: { $0.tag == tag }) else { return }
                entries[index] = pointer(tag, value)
            }
            fill(&ifd0, ExifTag.exifIFDPointer, exifOffset)
            fill(&ifd0, ExifTag.gpsIFDPointer, gpsOffset)
            if var entries = exif {
                fill(&entries, ExifTag.interoperabilityIFDPointer, interopOffset)
                exif = entries
            }
            if var entries = ifd1 {
                fill(&entries, ExifTag.thumbnailOffset, offset)
                ifd1 = entries
            }

            directories.append(Placed(entries: ifd0, offset: ifd0Offset, next: UInt32(ifd1Offset ?? 0)))
            for (entries, at) in [(exif, exifOffset), (interop, interopOffset), (gps, gpsOffset), (ifd1, ifd1Offset)] {
                if let entries, let at { directories.append(Placed(entries: entries, offset: at)) }
            }
        }

        /// A directory pointer entry.
        static func pointer(_ tag: UInt16, _ offset: Int, _ order: TIFFByteOrder) -> TIFFEntry {
            .long(tag: tag, [UInt32(truncatingIfNeeded: offset)], byteOrder: order)
        }

        /// The entries of each directory written, without their pointer values yet: the pointer
        /// entries to the Exif, Interoperability and GPS IFDs are added (pointing at 0), the
        /// MakerNote is serialised into the Exif IFD, and IFD1 loses its thumbnail entries.
        static func directories(of metadata: ExifMetadata) throws -> (
            ifd0: [TIFFEntry], exif: [TIFFEntry]?, interop: [TIFFEntry]?,
            gps: [TIFFEntry]?, ifd1: [TIFFEntry]?
        ) {
            let order = metadata.byteOrder
            func plain(_ directory: TIFFDirectory, without extra: Set<UInt16> = []) -> [TIFFEntry] {
                directory.entries.filter { !ExifTag.directoryPointers.contains($0.tag) && !extra.contains($0.tag) }
            }
            var ifd0 = plain(metadata.ifd0)
            var exif: [TIFFEntry]? = nil
            if metadata.exif != nil || metadata.makerNote != nil || metadata.interoperability != nil {
                exif = plain(metadata.exif ?? TIFFDirectory(), without: [ExifTag.makerNote])
                if let note = metadata.makerNote { exif?.append(.undefined(tag: ExifTag.makerNote, try note.serialized())) }
                if metadata.interoperability != nil { exif?.append(pointer(ExifTag.interoperabilityIFDPointer, 0, order)) }
                ifd0.append(pointer(ExifTag.exifIFDPointer, 0, order))
            }
            let interop = metadata.interoperability.map { plain($0) }
            let gps = metadata.gps.map { plain($0) }
            if gps != nil { ifd0.append(pointer(ExifTag.gpsIFDPointer, 0, order)) }
            let ifd1 = metadata.ifd1.map { plain($0, without: [ExifTag.thumbnailOffset, ExifTag.thumbnailLength]) }
            return (ifd0, exif, interop, gps, ifd1)
        }
    }
}
