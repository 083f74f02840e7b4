import FuzzSupport

@testable import GlintMedia

/// The Multi-Picture Format index (APP2 `"MPF\0"`, CIPA DC-007) of a JPEG, as the badge patch
/// moves it along when the primary image changes size (`MPFIndexRebase`, through
/// `JPEGPatchAssembly.splicedFile` for the bitstream splice and `rewrittenFile` for libjpeg's
/// coefficient path). Glint reads the index only there: its IFD, the MP Entry tag and every
/// 16-byte entry. A rebase may change only the MP entries, inside the MPF segment: every other
/// byte of the file stays as it was (a malformed index is left alone).
///
/// How much the primary image grows or shrinks (-4...4 bytes) is taken from a hash of the input,
/// so that seeds stay whole JPEGs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMPF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let file = try? JPEGFile(parsing: bytes), let header = file.mpfHeaderOffset, let payload = file.mpfPayload else { return 0 }
    let segment = MPFCheck.segmentRange(of: file)
    require(segment.contains(header) && header + payload.count == segment.upperBound, "the MP header and payload lie in the MPF segment")
    let shift = Int(bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } % 9) - 4
    MPFCheck.splice(file, shift: shift, segment: segment)
    MPFCheck.rewrite(file)
    return 0
}

enum MPFCheck {
    /// A small baseline JPEG standing for libjpeg's output on the coefficient path.
    static let encoded: [UInt8] = try! JPEGEncoder.encode(RGBImage(width: 24, height: 16), quality: 80)

    /// The bytes of `file`'s first MPF segment, from its marker to the end of its payload.
    static func segmentRange(of file: JPEGFile) -> Range<Int> {
        let index = file.segments.firstIndex { $0.marker == 0xE2 && $0.payloadStarts(with: JPEGSegment.mpfSignature) }!
        return file.segmentOffsets[index]..<(file.segmentOffsets[index] + 4 + file.segments[index].payload.count)
    }

    /// The splice's file: the scan `shift` bytes longer or shorter (just before EOI), the index rebased.
    static func splice(_ file: JPEGFile, shift: Int, segment: Range<Int>) {
        var spliced = file.bytes
        let eoi = file.endOfImageOffset - 2
        if shift > 0 {
            spliced.insert(contentsOf: repeatElement(0x55, count: shift), at: eoi)
        } else if shift < 0, eoi + shift > file.imageDataRange.lowerBound + 2 {
            spliced.removeSubrange((eoi + shift)..<eoi)
        } else {
            return
        }
        let rebased = JPEGPatchAssembly.splicedFile(file, spliced: spliced, newImageEnd: file.endOfImageOffset + shift)
        require(rebased.count == spliced.count, "rebasing the MPF index changes no length")
        checkOnlyIndexChanged(before: spliced, after: rebased, segment: segment)
    }

    /// The coefficient path's file: the kept segments around new image data, the index rebased.
    static func rewrite(_ file: JPEGFile) {
        guard let rewritten = try? JPEGPatchAssembly.rewrittenFile(file, encoded: encoded) else { return }
        let kept = file.segments.filter { $0.isApplication || $0.marker == 0xFE }
        guard var plain = try? JPEGAssembler.assemble(encoded: encoded, segments: kept) else {
            fatalError("rewrittenFile assembled what JPEGAssembler refuses")
        }
        plain.append(contentsOf: file.trailingBytes)
        require(rewritten.count == plain.count, "rebasing the MPF index changes no length")
        guard let assembled = try? JPEGFile(parsing: plain), assembled.mpfHeaderOffset != nil else {
            fatalError("the coefficient path's file does not parse, or lost its MPF segment")
        }
        checkOnlyIndexChanged(before: plain, after: rewritten, segment: segmentRange(of: assembled))
    }

    /// Every byte that differs lies inside the MPF segment's payload.
    static func checkOnlyIndexChanged(before: [UInt8], after: [UInt8], segment: Range<Int>) {
        let payload = (segment.lowerBound + 8)..<segment.upperBound
        for index in before.indices where before[index] != after[index] {
            require(payload.contains(index), "rebasing the MPF index wrote byte \(index), outside the MPF segment's payload \(payload)")
        }
    }
}

/// `precondition`, but its message is printed in an optimised build too (a fuzz finding's report).
private func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
