/// The MakerNote (tag 0x927C) of an Exif IFD.
///
/// Apple MakerNotes are parsed, so their content identifier can be read and written. Every
/// other MakerNote is an opaque blob written back exactly as read. Many vendors' MakerNotes use
/// offsets counted from the start of the TIFF header rather than from the MakerNote, so when the
/// EXIF block is re-laid out and the blob lands at a different offset, their internal values may
/// no longer be found by readers. Glint accepts that: it never edits such blobs, and the rest
/// of the EXIF stays valid.
public enum ExifMakerNote: Hashable, Sendable {
    /// A parsed Apple MakerNote.
    case apple(AppleMakerNote)
    /// Any other MakerNote (or an Apple one that could not be parsed), kept as raw bytes.
    case opaque([UInt8])

    /// Classifies MakerNote bytes: an Apple MakerNote that parses is `.apple`, anything else
    /// `.opaque`.
    public init(bytes: [UInt8]) {
        if AppleMakerNote.hasSignature(bytes), let note = try? AppleMakerNote(bytes: bytes) {
            self = .apple(note)
        } else {
            self = .opaque(bytes)
        }
    }

    /// The parsed Apple MakerNote, when this is one.
    public var apple: AppleMakerNote? {
        if case .apple(let note) = self { return note }
        return nil
    }

    /// The bytes to store as the MakerNote entry's value.
    /// - Throws: What ``AppleMakerNote/serialized()`` throws.
    public func serialized() throws -> [UInt8] {
        switch self {
        case .apple(let note): return try note.serialized()
        case .opaque(let bytes): return bytes
        }
    }
}
