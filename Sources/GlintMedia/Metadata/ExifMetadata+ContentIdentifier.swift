extension ExifMetadata {
    /// The Live Photo content identifier, read from the Apple MakerNote (tag 0x0011).
    ///
    /// Setting an identifier:
    /// - with no MakerNote, creates the minimal 70-byte Apple MakerNote (and the Exif IFD if
    ///   needed);
    /// - with an Apple MakerNote, replaces tag 0x0011's value or adds the entry, keeping every
    ///   other entry intact;
    /// - with another vendor's MakerNote (or an unparseable one), replaces it with the minimal
    ///   Apple MakerNote, since an Exif IFD holds only one MakerNote.
    ///
    /// Setting `nil` removes tag 0x0011 from an Apple MakerNote and leaves anything else alone.
    public var contentIdentifier: ContentIdentifier? {
        get { makerNote?.apple?.contentIdentifier }
        set {
            if var note = makerNote?.apple {
                note.contentIdentifier = newValue
                makerNote = .apple(note)
            } else if let newValue {
                makerNote = .apple(AppleMakerNote(contentIdentifier: newValue))
                if exif == nil { exif = TIFFDirectory() }
            }
        }
    }

    /// The Live Photo video index from the Apple MakerNote (tag 0x0017), if present.
    public var livePhotoVideoIndex: Int64? { makerNote?.apple?.livePhotoVideoIndex }

    /// A new EXIF block for a still that has none: IFD0 with the orientation, and an Exif IFD
    /// with `ExifVersion` 0232 and, when `contentIdentifier` is given, a minimal Apple MakerNote.
    /// - Parameters:
    ///   - orientation: The orientation to record.
    ///   - contentIdentifier: The Live Photo identifier to record, if any.
    ///   - byteOrder: The byte order to write (`"MM"` like Apple's cameras by default).
    public static func minimal(
        orientation: Orientation = .up,
        contentIdentifier: ContentIdentifier? = nil,
        byteOrder: TIFFByteOrder = .bigEndian
    ) -> ExifMetadata {
        var metadata = ExifMetadata(byteOrder: byteOrder)
        metadata.orientation = orientation
        metadata.exif = TIFFDirectory(entries: [.undefined(tag: ExifTag.exifVersion, Array("0232".utf8))])
        metadata.contentIdentifier = contentIdentifier
        return metadata
    }
}
