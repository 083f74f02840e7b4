/// The EXIF metadata of a still: the TIFF structure carried in a JPEG APP1 `Exif` segment (or a
/// HEIC `Exif` item), parsed into its directories and written back.
///
/// The model holds IFD0, the Exif sub-IFD, the GPS and Interoperability IFDs, IFD1 (the
/// thumbnail's directory) with the thumbnail JPEG, and the MakerNote. Entries keep their tag,
/// type, count and raw value bytes, so tags Glint does not know survive byte for byte; the
/// entries that hold offsets to other parts of the block (sub-IFD pointers, thumbnail offset and
/// length, the MakerNote) are modelled as properties and rebuilt on write.
///
/// Parsing is bounds-checked and never traps: bad offsets, overflowing counts, directory loops
/// and truncation throw ``MediaError`` (file `nil`; callers attach the path).
///
/// Limits: directories chained after IFD1 are ignored; pointer tags found in
/// other directories than their own are dropped, as is an IFD1 that describes an uncompressed
/// (strip) thumbnail, because their absolute offsets cannot be relocated. Other tags holding
/// absolute offsets (SubIFDs, vendor MakerNotes) are kept as they are and may no longer point
/// at their data after a write.
public struct ExifMetadata: Hashable, Sendable {
    /// The largest TIFF block a JPEG APP1 segment can carry: 65533 payload bytes less the
    /// six-byte `"Exif\0\0"` header.
    public static let maximumSerializedSize = 65533 - 6
    /// The six bytes that start an APP1 `Exif` payload, before the TIFF header.
    public static let app1Header: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The byte order of every value, kept from the source on write.
    public var byteOrder: TIFFByteOrder
    /// The primary image's directory (without the Exif and GPS pointers).
    public var ifd0: TIFFDirectory
    /// The Exif sub-IFD (without the MakerNote and the Interoperability pointer).
    public var exif: TIFFDirectory?
    /// The GPS IFD.
    public var gps: TIFFDirectory?
    /// The Interoperability IFD (written inside the Exif IFD).
    public var interoperability: TIFFDirectory?
    /// The thumbnail's directory (without the thumbnail offset and length).
    public var ifd1: TIFFDirectory?
    /// The MakerNote of the Exif IFD.
    public var makerNote: ExifMakerNote?
    /// The thumbnail JPEG's bytes, written only while ``ifd1`` exists.
    var thumbnailBytes: [UInt8]?

    /// An EXIF block with an empty IFD0 and nothing else.
    /// - Parameter byteOrder: The byte order to write.
    public init(byteOrder: TIFFByteOrder = .bigEndian) {
        self.byteOrder = byteOrder
        self.ifd0 = TIFFDirectory()
    }

    /// Parses the TIFF bytes of an EXIF block (for JPEG, the APP1 payload after `"Exif\0\0"`).
    /// - Parameter tiff: The bytes, starting with the `"MM"`/`"II"` header.
    /// - Throws: ``MediaError`` with file `nil`: `.truncated` when the block ends before its
    ///   structure does, `.corrupt` for a bad header, offsets outside the block, counts larger
    ///   than the block or directories that loop.
    public init<Bytes: Collection>(tiff: Bytes) throws where Bytes.Element == UInt8 {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else {
            throw MediaError(.truncated, "EXIF block is \(bytes.count) bytes, shorter than a TIFF header")
        }
        guard let order = TIFFByteOrder(marker: bytes[0], bytes[1]) else {
            throw MediaError(.corrupt, "EXIF block does not start with a TIFF MM/II byte-order marker")
        }
        guard order.uint16(bytes, at: 2) == 42 else {
            throw MediaError(.corrupt, "EXIF block's TIFF header lacks the magic number 42")
        }
        byteOrder = order
        var reader = TIFFDirectoryReader(bytes: bytes, byteOrder: order, blockName: "EXIF", minimumDirectoryOffset: 8)

        let (ifd0Entries, ifd1Offset) = try reader.readDirectory(at: order.uint32(bytes, at: 4), name: "IFD0")
        var ifd0 = TIFFDirectory(entries: ifd0Entries)
        let exifOffset = try Self.takePointer(ExifTag.exifIFDPointer, from: &ifd0, byteOrder: order)
        let gpsOffset = try Self.takePointer(ExifTag.gpsIFDPointer, from: &ifd0, byteOrder: order)
        ifd0.remove(ExifTag.interoperabilityIFDPointer)
        self.ifd0 = ifd0

        if let exifOffset {
            var exif = TIFFDirectory(entries: try reader.readDirectory(at: exifOffset, name: "Exif IFD").entries)
            let interopOffset = try Self.takePointer(ExifTag.interoperabilityIFDPointer, from: &exif, byteOrder: order)
            exif.remove(ExifTag.exifIFDPointer)
            exif.remove(ExifTag.gpsIFDPointer)
            if let note = exif[ExifTag.makerNote] {
                makerNote = ExifMakerNote(bytes: note.value)
                exif.remove(ExifTag.makerNote)
            }
            self.exif = exif
            if let interopOffset {
                interoperability = TIFFDirectory(entries: try reader.readDirectory(at: interopOffset, name: "Interoperability IFD").entries)
            }
        }
        if let gpsOffset {
            gps = TIFFDirectory(entries: try reader.readDirectory(at: gpsOffset, name: "GPS IFD").entries)
        }
        if ifd1Offset != 0 {
            try readIFD1(at: ifd1Offset, reader: &reader, bytes: bytes)
        }
    }

    /// Reads IFD1 and the thumbnail JPEG it points at.
    private mutating func readIFD1(at offset: UInt32, reader: inout TIFFDirectoryReader, bytes: [UInt8]) throws {
        var ifd1 = TIFFDirectory(entries: try reader.readDirectory(at: offset, name: "IFD1").entries)
        // An uncompressed thumbnail's strips sit at absolute offsets this model does not relocate.
        if ifd1[ExifTag.stripOffsets] != nil { return }
        let start = try Self.takePointer(ExifTag.thumbnailOffset, from: &ifd1, byteOrder: byteOrder)
        let length = try Self.takePointer(ExifTag.thumbnailLength, from: &ifd1, byteOrder: byteOrder)
        for tag in ExifTag.directoryPointers { ifd1.remove(tag) }
        if let start, let length, length > 0 {
            let begin = Int(start)
            let end = Int(start) + Int(length)
            guard begin < bytes.count else {
                throw MediaError(.corrupt, "EXIF thumbnail offset \(start) points outside the \(bytes.count)-byte block")
            }
            guard end <= bytes.count else {
                throw MediaError(.truncated, "EXIF thumbnail of \(length) bytes runs past the end of the block")
            }
            thumbnailBytes = Array(bytes[begin..<end])
        }
        self.ifd1 = ifd1
    }

    /// Removes the entry `tag` from `directory` and returns its single integer value.
    private static func takePointer(_ tag: UInt16, from directory: inout TIFFDirectory, byteOrder: TIFFByteOrder) throws -> UInt32? {
        guard let entry = directory[tag] else { return nil }
        directory.remove(tag)
        guard [.long, .ifd, .short].contains(entry.type), entry.count == 1,
            let value = entry.integers(byteOrder: byteOrder)?.first
        else {
            throw MediaError(.corrupt, "EXIF pointer tag 0x\(String(tag, radix: 16, uppercase: true)) is not a single 32-bit offset")
        }
        return UInt32(value)
    }
}
