import Foundation
import FuzzSupport
import GlintMedia
import GlintProbe

@testable import GlintGraphics

/// PNG headers and chunks, where Glint reads them itself rather than through libpng: the
/// submission probe's `PNGHeader` (the signature and `IHDR` in the first 29 bytes) and the badge
/// path's `PNGChunkCarrier`, which walks the chunks of the uploaded PNG and splices its ancillary
/// ones into the re-encoded picture. Every chunk range lies inside the file, one after the other
/// from byte 8, and the spliced file is the encoded one plus exactly the chunks carried. Then
/// GlintMedia's `PNGChunks`, which a PNG photo's edit reads (runner process): a file it accepts is
/// written back to the same chunks, its `iCCP` profile inflates within its cap, and its EXIF can
/// be given a capture date (as a Takeout sidecar does) and read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGChunks(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let head = Array(bytes.prefix(32))
    FuzzUse.keep(MediaProbe.format(ofHead: head))
    if let header = try? PNGHeader(Array(bytes.prefix(29))) {
        FuzzUse.use(header)
        precondition(header.width > 0 && header.height > 0, "a PNG header gives a size: \(header.width)x\(header.height)")
    }
    checkMediaChunks(bytes)
    guard let chunks = try? PNGChunkCarrier.chunks(bytes) else { return 0 }
    var end = 8
    for chunk in chunks {
        precondition(chunk.range.lowerBound == end, "chunk '\(chunk.type)' does not start where the last one ended")
        precondition(chunk.range.count >= 12 && chunk.range.upperBound <= bytes.count, "chunk '\(chunk.type)' lies outside the file")
        FuzzUse.keep(bytes[chunk.range].last)
        end = chunk.range.upperBound
    }
    guard let carried = try? PNGChunkCarrier.carry(from: bytes, into: EncodedPNG.bytes) else { return 0 }
    let kept = chunks.filter { PNGChunkCarrier.carried.contains($0.type) }
    let dropped = kept.contains { $0.type == "iCCP" } ? EncodedPNG.sRGBLength : 0
    let expected = kept.isEmpty ? EncodedPNG.bytes.count : EncodedPNG.bytes.count + kept.reduce(0) { $0 + $1.range.count } - dropped
    precondition(carried.count == expected, "the spliced PNG is \(carried.count) bytes, not \(expected)")
    precondition(carried.starts(with: EncodedPNG.bytes.prefix(33)), "the spliced PNG starts with the encoded one's signature and IHDR")
    return 0
}

/// GlintMedia's chunk reader on `bytes`: typed errors only, and what it accepts round-trips.
func checkMediaChunks(_ bytes: [UInt8]) {
    guard var parsed = try? GlintMedia.PNGChunks(bytes) else { return }
    precondition(parsed.chunks.count <= GlintMedia.PNGChunks.maximumChunks, "more chunks than the cap")
    let written = parsed.serialized()
    precondition((try? GlintMedia.PNGChunks(written))?.chunks == parsed.chunks, "a PNG's chunks written back read as the same chunks")
    if let profile = try? parsed.iccProfile() {
        precondition(profile.count <= GlintMedia.PNGChunks.maximumProfileBytes, "an inflated profile past its cap")
    }
    FuzzUse.keep(parsed.xmpPacket?.count)
    let facts = CaptureFacts(date: Date(timeIntervalSince1970: 1_685_622_896))
    guard (try? parsed.editExif { $0.fill(facts) }) != nil, let tiff = parsed.exifTIFF else { return }
    let exif = try? ExifMetadata(tiff: tiff)
    precondition(exif?.hasCaptureDate == true, "the EXIF given a date reads back with one")
}

/// A small PNG as the encoder writes one (signature, `IHDR`, `sRGB`, `IDAT`, `IEND`; the CRCs
/// are not read by the carrier), the file the input's chunks are carried into.
enum EncodedPNG {
    static let sRGBLength = 13
    static let bytes: [UInt8] = {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let length = UInt32(data.count)
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        return PNGHeader.signature + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]) + chunk("sRGB", [0])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0, 0, 0, 2, 0, 1]) + chunk("IEND", [])
    }()
}
