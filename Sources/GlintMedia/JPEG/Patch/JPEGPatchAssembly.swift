/// Puts a patched JPEG file together: the original's marker segments, the new image data, and what
/// followed the original image (MPF secondary images), with the MPF index moved along.
enum JPEGPatchAssembly {
    /// The coefficient path's file: SOI, every APPn and COM segment of `original` in order, then
    /// `encoded` (libjpeg's output, which has none) after its SOI, then `original`'s trailing data.
    static func rewrittenFile(_ original: JPEGFile, encoded: [UInt8]) throws -> [UInt8] {
        let kept = original.segments.filter { $0.isApplication || $0.marker == JPEGMarker.comment }
        var bytes = try JPEGAssembler.assemble(encoded: encoded, segments: kept)
        let imageEnd = bytes.count
        bytes.append(contentsOf: original.trailingBytes)
        let mpfIndex = original.segments.firstIndex { $0.marker == JPEGMarker.app2 && $0.payloadStarts(with: JPEGSegment.mpfSignature) }
        if let mpfIndex, let oldHeader = original.mpfHeaderOffset, let index = original.mpfPayload {
            // Where the MPF segment landed: after SOI and the kept segments before it.
            let before = kept.prefix { $0 != original.segments[mpfIndex] }
            let newHeader = 2 + before.reduce(0) { $0 + $1.payload.count + 4 } + 4 + JPEGSegment.mpfSignature.count
            MPFIndexRebase.rebase(
                &bytes, oldHeader: oldHeader, newHeader: newHeader, indexLength: index.count,
                oldImageEnd: original.endOfImageOffset, newImageEnd: imageEnd)
        }
        return bytes
    }

    /// The splice's file: `spliced` is the original with its scan replaced, everything before and
    /// after it copied; only the MPF index needs moving along.
    static func splicedFile(_ original: JPEGFile, spliced: [UInt8], newImageEnd: Int) -> [UInt8] {
        var bytes = spliced
        if let header = original.mpfHeaderOffset, let index = original.mpfPayload {
            MPFIndexRebase.rebase(
                &bytes, oldHeader: header, newHeader: header, indexLength: index.count,
                oldImageEnd: original.endOfImageOffset, newImageEnd: newImageEnd)
        }
        return bytes
    }
}
