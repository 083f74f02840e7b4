import FuzzSupport

@testable import GlintMedia

/// The metadata Glint writes into GIF and WebP files (`CaptureFactsWriter`, for a Google Takeout
/// sidecar's date and place): a GIF's XMP application extension, found by walking its blocks
/// (`GIFXMP`), and a WebP's `EXIF` chunk through libwebpmux (`WebPExif`). Whatever a file holds,
/// a packet set must read back as it was given, with every other byte of a GIF kept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimationMetadata(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    checkGIF(bytes)
    checkWebP(bytes)
    return 0
}

private let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/></x:xmpmeta>".utf8)

/// A GIF with its XMP set: the packet reads back, and the bytes before and after it are the file's.
private func checkGIF(_ bytes: [UInt8]) {
    guard let layout = try? GIFXMP.layout(bytes, file: "fuzz.gif") else { return }
    FuzzUse.keep(try? GIFXMP.packet(in: bytes, file: "fuzz.gif"))
    let written: [UInt8]
    do {
        written = try GIFXMP.setting(packet, in: bytes, file: "fuzz.gif")
    } catch {
        FuzzUse.note(error)
        return
    }
    let reread: GIFXMP.Layout
    do {
        reread = try GIFXMP.layout(written, file: "fuzz.gif")
    } catch {
        preconditionFailure("the GIF written with an XMP packet does not read: \(error)")
    }
    guard let range = reread.packetRange, let block = reread.extensionRange else { preconditionFailure("the GIF written has no XMP packet") }
    precondition(Array(written[range]) == packet, "the GIF written carries the packet it was given")
    let removed = layout.extensionRange ?? layout.insertAt..<layout.insertAt
    precondition(written[6..<block.lowerBound].elementsEqual(bytes[6..<removed.lowerBound]), "the GIF's bytes before its XMP are kept")
    precondition(written[block.upperBound...].elementsEqual(bytes[removed.upperBound...]), "the GIF's bytes after its XMP are kept")
}

/// A WebP with an EXIF chunk set: the chunk reads back as it was given.
private func checkWebP(_ bytes: [UInt8]) {
    guard bytes.count >= 12, bytes[8..<12].elementsEqual("WEBP".utf8) else { return }
    FuzzUse.keep(try? WebPExif.tiff(in: bytes, file: "fuzz.webp"))
    let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
    let written: [UInt8]
    do {
        written = try WebPExif.setting(tiff, in: bytes, file: "fuzz.webp")
    } catch {
        FuzzUse.note(error)
        return
    }
    let reread: [UInt8]?
    do {
        reread = try WebPExif.tiff(in: written, file: "fuzz.webp")
    } catch {
        preconditionFailure("the WebP written with an EXIF chunk does not read: \(error)")
    }
    precondition(reread == tiff, "the WebP written carries the EXIF chunk it was given")
}
