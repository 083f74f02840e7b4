/// The entries of one TIFF directory (IFD), in the order they were read or added.
///
/// Serialisation sorts entries by tag, as TIFF requires. Pointer tags (sub-directory offsets,
/// thumbnail offset and length) and the MakerNote are not kept here: ``ExifMetadata`` models them
/// as their own properties and writes the entries that point at them.
public struct TIFFDirectory: Hashable, Sendable {
    /// The entries.
    public var entries: [TIFFEntry]

    /// Creates a directory holding `entries`.
    public init(entries: [TIFFEntry] = []) {
        self.entries = entries
    }

    /// The first entry with `tag`, if any.
    public subscript(tag: UInt16) -> TIFFEntry? {
        entries.first { $0.tag == tag }
    }

    /// Whether the directory holds no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// Replaces the entry with the same tag, or adds `entry` when there is none.
    public mutating func set(_ entry: TIFFEntry) {
        if let index = entries.firstIndex(where: { $0.tag == entry.tag }) {
            // Entries before `index` have other tags, so removing does not shift it.
            entries.removeAll { $0.tag == entry.tag }
            entries.insert(entry, at: index)
        } else {
            entries.append(entry)
        }
    }

    /// Removes every entry with `tag`.
    public mutating func remove(_ tag: UInt16) {
        entries.removeAll { $0.tag == tag }
    }
}
