/// The MakerNote Apple devices write in the Exif IFD (tag 0x927C) of every photo.
///
/// Layout: `"Apple iOS\0"`, a big-endian version (1), a byte-order marker (`"MM"`), then one
/// TIFF directory at offset 14 whose value offsets are relative to the MakerNote's own first
/// byte. Because nothing points outside it, the block can be moved byte for byte.
///
/// Glint reads and writes tag 0x0011 (``contentIdentifier``, the Live Photo pairing key) and reads
/// tag 0x0017 (``livePhotoVideoIndex``); every other entry is carried through with its value
/// intact. A minimal MakerNote holding only an identifier is 70 bytes.
public struct AppleMakerNote: Hashable, Sendable {
    /// The ten bytes every Apple MakerNote starts with: `"Apple iOS\0"`.
    public static let signature: [UInt8] = Array("Apple iOS".utf8) + [0]
    /// The MakerNote tag holding the Live Photo content identifier (ASCII).
    public static let contentIdentifierTag: UInt16 = 0x0011
    /// The MakerNote tag holding the Live Photo video index.
    public static let livePhotoVideoIndexTag: UInt16 = 0x0017
    /// Bytes before the directory: signature, version, byte-order marker.
    static let headerSize = 14

    /// The version word after the signature (1 for every known device).
    public var version: UInt16
    /// The byte order of the directory (Apple writes `"MM"`).
    public var byteOrder: TIFFByteOrder
    /// The entries, values in ``byteOrder``.
    public var directory: TIFFDirectory

    /// A minimal MakerNote holding only `contentIdentifier` (70 bytes when serialised).
    public init(contentIdentifier: ContentIdentifier) {
        self.version = 1
        self.byteOrder = .bigEndian
        self.directory = TIFFDirectory()
        self.contentIdentifier = contentIdentifier
    }

    /// Parses an Apple MakerNote.
    /// - Parameter bytes: The MakerNote's bytes, from its signature to the end of the entry.
    /// - Throws: ``MediaError`` (file `nil`): `.corrupt` when the signature or marker is wrong or an
    ///   offset points outside the block, `.truncated` when the block is cut off,
    ///   `.unsupported` for a version other than 1.
    public init<Bytes: Collection>(bytes: Bytes) throws where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        guard bytes.count >= Self.headerSize else {
            throw MediaError(.truncated, "Apple MakerNote is \(bytes.count) bytes, shorter than its 14-byte header")
        }
        guard Self.hasSignature(bytes) else {
            throw MediaError(.corrupt, "MakerNote does not start with \"Apple iOS\"")
        }
        version = TIFFByteOrder.bigEndian.uint16(bytes, at: 10)
        guard version == 1 else {
            throw MediaError(.unsupported, "Apple MakerNote version \(version) is not supported")
        }
        guard let order = TIFFByteOrder(marker: bytes[12], bytes[13]) else {
            throw MediaError(.corrupt, "Apple MakerNote has no MM/II byte-order marker")
        }
        byteOrder = order
        var reader = TIFFDirectoryReader(bytes: bytes, byteOrder: order, blockName: "Apple MakerNote", minimumDirectoryOffset: Self.headerSize)
        directory = TIFFDirectory(entries: try reader.readDirectory(at: UInt32(Self.headerSize), name: "directory").entries)
    }

    /// Whether `bytes` start with the Apple MakerNote signature.
    public static func hasSignature<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.starts(with: signature)
    }

    /// The Live Photo content identifier (tag 0x0011), if present and valid.
    ///
    /// Setting replaces the entry's value (ASCII, count = UTF-8 length + 1 for the NUL) or adds the
    /// entry; other entries are untouched. Setting `nil` removes the entry.
    public var contentIdentifier: ContentIdentifier? {
        get {
            directory[Self.contentIdentifierTag]?.string.flatMap(ContentIdentifier.init)
        }
        set {
            if let newValue {
                directory.set(.ascii(tag: Self.contentIdentifierTag, newValue.rawValue))
            } else {
                directory.remove(Self.contentIdentifierTag)
            }
        }
    }

    /// The Live Photo video index (tag 0x0017), if present as an integer.
    public var livePhotoVideoIndex: Int64? {
        guard let values = directory[Self.livePhotoVideoIndexTag]?.integers(byteOrder: byteOrder), values.count == 1 else { return nil }
        return values[0]
    }

    /// The HDR headroom values, tags 0x0021 (`HDRHeadroom`) and 0x0030 (`HDRGain`), from which a
    /// version 1 gain map's headroom is derived (``AppleHDRHeadroom``); nil unless both are one number.
    ///
    /// Setting writes both as SRATIONAL (SRATIONAL as iPhones write them, over 10^6); `nil` removes them.
    public var hdrHeadroomValues: HDRGainMapProbe.MakerNoteHeadroom? {
        get {
            guard let headroom = directory[AppleHDRHeadroom.headroomTag]?.doubles(byteOrder: byteOrder), headroom.count == 1,
                let gain = directory[AppleHDRHeadroom.gainTag]?.doubles(byteOrder: byteOrder), gain.count == 1,
                headroom[0].isFinite, gain[0].isFinite
            else { return nil }
            return (headroom[0], gain[0])
        }
        set {
            guard let newValue else {
                directory.remove(AppleHDRHeadroom.headroomTag)
                directory.remove(AppleHDRHeadroom.gainTag)
                return
            }
            directory.set(signedRational(AppleHDRHeadroom.headroomTag, newValue.maker33))
            directory.set(signedRational(AppleHDRHeadroom.gainTag, newValue.maker48))
        }
    }

    private func signedRational(_ tag: UInt16, _ value: Double) -> TIFFEntry {
        let denominator = 1_000_000.0
        let numerator = Int32(max(Double(Int32.min), min(Double(Int32.max), (value * denominator).rounded())))
        return TIFFEntry(
            tag: tag, type: .srational, count: 1,
            value: byteOrder.bytes(UInt32(bitPattern: numerator)) + byteOrder.bytes(UInt32(denominator)))
    }

    /// The MakerNote's bytes: header, directory (sorted by tag, next pointer 0) and its values,
    /// offsets relative to the first byte.
    /// - Throws: ``MediaError`` `.invalidArgument` for an entry whose value length does not match
    ///   its count, `.tooLarge` when offsets would not fit 32 bits.
    public func serialized() throws -> [UInt8] {
        var output = Self.signature + TIFFByteOrder.bigEndian.bytes(version) + byteOrder.marker
        try TIFFDirectoryWriter.write(directory.entries, next: 0, byteOrder: byteOrder, into: &output)
        return output
    }
}
