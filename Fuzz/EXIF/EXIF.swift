import FuzzSupport

@testable import GlintMedia

/// The EXIF (TIFF) block of a still, as `JPEGStill`, `HEICStill` and the metadata editors read it
/// (`ExifMetadata(tiff:)`: IFD0, Exif, Interoperability and GPS IFDs, IFD1 and its thumbnail,
/// the Apple MakerNote): every accessor a caller uses is read, the block is edited as Glint edits
/// it (content identifier, orientation, pixel size, location, thumbnail), written back and parsed
/// again. What Glint writes must parse, hold the edit, and write the same bytes again.
///
/// The TIFF block is what follows the first `"Exif\0\0"` in the input (so that JPEG and HEIC
/// seeds give their real EXIF), else the whole input; its last byte picks the edit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let edit = input.choice(EXIFCheck.Edit.allCases.count)
    let tiff = EXIFCheck.tiff(in: input.rest())
    guard var exif = try? ExifMetadata(tiff: tiff) else { return 0 }
    EXIFCheck.read(exif)
    guard let written = try? exif.serialized() else { return 0 }
    EXIFCheck.checkRoundTrip(written)
    let chosen = EXIFCheck.Edit.allCases[edit]
    guard (try? chosen.apply(to: &exif)) != nil, let edited = try? exif.serialized() else { return 0 }
    let again = EXIFCheck.checkRoundTrip(edited)
    chosen.check(again, against: exif)
    return 0
}

enum EXIFCheck {
    static let signature: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The bytes after the first `"Exif\0\0"`, or all of them.
    static func tiff(in bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard let found = bytes.firstRange(of: signature) else { return bytes[...] }
        return bytes[found.upperBound...]
    }

    /// Parses what Glint wrote, reads it, writes it again: the same bytes must come out.
    @discardableResult
    static func checkRoundTrip(_ written: [UInt8]) -> ExifMetadata {
        require(written.count <= ExifMetadata.maximumSerializedSize, "a written EXIF block fits one APP1 segment")
        let again: ExifMetadata
        do {
            again = try ExifMetadata(tiff: written)
        } catch {
            fatalError("EXIF that Glint wrote does not parse: \(error)")
        }
        read(again)
        guard let rewritten = try? again.serialized() else { fatalError("EXIF that Glint wrote and read cannot be written again") }
        require(rewritten == written, "EXIF written, read and written again changed")
        return again
    }

    /// Reads every accessor and every entry's value.
    static func read(_ exif: ExifMetadata) {
        FuzzUse.keep(exif.orientation)
        FuzzUse.keep(exif.hasGPS)
        if let size = exif.pixelDimensions { FuzzUse.keep(size.width &+ size.height) }
        FuzzUse.keep(exif.thumbnail?.reduce(0, &+))
        FuzzUse.use([exif.make, exif.model, exif.captureDateISO8601, exif.locationISO6709])
        if let identifier = exif.contentIdentifier {
            require(!identifier.rawValue.isEmpty && identifier.rawValue.utf8.count <= 256, "an identifier is 1 to 256 bytes")
            FuzzUse.keep(identifier.isCanonicalUUID)
            FuzzUse.keep(identifier.description)
        }
        FuzzUse.keep(exif.livePhotoVideoIndex)
        let directories = [exif.ifd0, exif.exif, exif.gps, exif.interoperability, exif.ifd1, exif.makerNote?.apple?.directory]
        for directory in directories.compactMap({ $0 }) {
            for entry in directory.entries {
                FuzzUse.keep(entry.value.reduce(0, &+))
                FuzzUse.keep(entry.integers(byteOrder: exif.byteOrder)?.reduce(0, &+))
                FuzzUse.use(entry.string)
                if let size = entry.type.elementSize {
                    require(entry.value.count == Int(entry.count) * size, "an entry's value is count x size bytes")
                } else {
                    require(entry.value.count == 4, "an entry of unknown type keeps its 4-byte field")
                }
            }
        }
        if case .opaque(let bytes) = exif.makerNote { FuzzUse.keep(bytes.reduce(0, &+)) }
        // The movie keys a Motion Photo's movie takes from its still's EXIF.
        FuzzUse.keep(MotionPhotoMovie.metadata(identifier: ContentIdentifier("A")!, exif: exif))
    }

    /// The edits Glint makes to a still's EXIF.
    enum Edit: CaseIterable {
        case contentIdentifier, removeIdentifier, orientation, pixelDimensions, removeLocation, thumbnail, removeThumbnail

        static let identifier = ContentIdentifier("0B2F7E4C-9A51-4C3D-8E6F-1A2B3C4D5E6F")!

        func apply(to exif: inout ExifMetadata) throws {
            switch self {
            case .contentIdentifier: exif.contentIdentifier = Self.identifier
            case .removeIdentifier: exif.contentIdentifier = nil
            case .orientation: exif.orientation = .leftMirrored
            case .pixelDimensions: try exif.setPixelDimensions(width: 4032, height: 70_000)
            case .removeLocation: exif.removeGPS()
            case .thumbnail: exif.thumbnail = [0xFF, 0xD8, 0xFF, 0xD9, 1]
            case .removeThumbnail: exif.thumbnail = nil
            }
        }

        /// Checks that `written` (the edited block, written and read again) holds the edit.
        func check(_ written: ExifMetadata, against edited: ExifMetadata) {
            switch self {
            case .contentIdentifier: require(written.contentIdentifier == Self.identifier, "the identifier set is read back")
            case .removeIdentifier: require(written.contentIdentifier == nil, "a removed identifier stays removed")
            case .orientation: require(written.orientation == .leftMirrored, "the orientation set is read back")
            case .pixelDimensions:
                require(written.pixelDimensions?.width == 4032 && written.pixelDimensions?.height == 70_000, "the size set is read back")
            case .removeLocation: require(!written.hasGPS, "removed GPS stays removed")
            case .thumbnail: require(written.thumbnail == [0xFF, 0xD8, 0xFF, 0xD9, 1], "the thumbnail set is read back")
            case .removeThumbnail: require(written.thumbnail == nil && written.ifd1 == nil, "a removed thumbnail stays removed")
            }
            require(written.makerNote == nil || edited.makerNote != nil, "no MakerNote appears from nowhere")
        }
    }
}

/// `precondition`, but its message is printed in an optimised build too (a fuzz finding's report).
private func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
