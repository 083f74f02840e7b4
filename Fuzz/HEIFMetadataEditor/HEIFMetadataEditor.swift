import Foundation
import FuzzSupport

@testable import GlintMedia

/// A HEIC still's metadata items, edited as Glint edits them with `HEIFMetadataEditor`: parsed
/// (top-level boxes, `meta`, `iloc`, `iinf`, `pitm`), its XMP packet and EXIF block read, its
/// location removed (`StillLocationRemover`), then a Motion Photo XMP packet set
/// (`MotionPhotoWriter`), and the file written with its Motion Photo boxes kept
/// (`CaptureFactsWriter`). Each file Glint writes must parse again, carry no location, carry the
/// XMP packet it was given and keep the EXIF block it had.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFMetadataEditor(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var editor: HEIFMetadataEditor
    do {
        editor = try HEIFMetadataEditor(bytes: bytes)
    } catch {
        FuzzUse.note(error)
        return 0
    }
    FuzzUse.keep(try? editor.xmp())
    FuzzUse.keep(try? editor.exif())
    let stripped: [UInt8]
    do {
        try editor.removeLocation()
        stripped = try editor.serialized()
    } catch {
        FuzzUse.note(error)
        return 0
    }
    let exif = try? editor.exif()
    var reread = reopen(stripped, "without location")
    precondition((try? reread.exif()) == exif, "the file without location keeps its EXIF block")
    do {
        let removedAgain = try reread.removeLocation()
        precondition(!removedAgain, "the file without location has none")
    } catch {
        preconditionFailure("the metadata of the file without location does not read: \(error)")
    }
    setMotionPhotoPacket(&editor, exif: exif)
    keepMotionPhoto(editor, exif: exif)
    return 0
}

/// Writes the file with its Motion Photo boxes put back at its end, as `CaptureFactsWriter` does
/// for a HEIC Motion Photo: it parses again, keeps its EXIF block, and ends with the same boxes.
private func keepMotionPhoto(_ editor: HEIFMetadataEditor, exif: [UInt8]?) {
    guard let region = editor.motionPhotoRegion else { return }
    let written: [UInt8]
    do {
        written = try editor.serializedKeepingMotionPhoto()
    } catch {
        FuzzUse.note(error)
        return
    }
    precondition(written.suffix(region.count).elementsEqual(editor.bytes[region]), "the Motion Photo's boxes end the file as they were")
    let reread = reopen(written, "with its Motion Photo boxes")
    precondition(reread.motionPhotoRegion?.count == region.count, "the file written has the same Motion Photo boxes")
    precondition((try? reread.exif()) == exif, "the file keeps its EXIF block")
}

/// Sets an XMP packet as `MotionPhotoWriter` does; the file written carries it and its EXIF block.
private func setMotionPhotoPacket(_ editor: inout HEIFMetadataEditor, exif: [UInt8]?) {
    let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/></x:xmpmeta>".utf8)
    editor.setXMP(packet)
    let written: [UInt8]
    do {
        written = try editor.serialized()
    } catch {
        FuzzUse.note(error)
        return
    }
    let reread = reopen(written, "with a new XMP packet")
    precondition((try? reread.xmp()) == packet, "the file carries the XMP packet it was given")
    precondition((try? reread.exif()) == exif, "the file keeps its EXIF block")
}

/// Parses a file Glint wrote; it must parse.
private func reopen(_ bytes: [UInt8], _ what: String) -> HEIFMetadataEditor {
    do {
        return try HEIFMetadataEditor(bytes: bytes)
    } catch {
        FuzzUse.note(error)
        preconditionFailure("the HEIC written \(what) does not parse: \(error)")
    }
}
