/// The bitstream splice for baseline Huffman-coded JPEGs: only the restart segments (or, without
/// restart markers, the part of the one scan) that the patch touches are Huffman-decoded, and only
/// as far as the MCU after the last one it touches; the changed MCUs and that next MCU (whose DC
/// differences depend on them) are Huffman-coded again with the file's own tables; the rest of the
/// segment is copied bit-shifted and every other segment byte for byte. No IDCT runs outside the
/// patch, and every block keeps its coefficients.
///
/// A splice refuses (``JPEGSpliceRefusal``) what it does not handle, and the compositor takes the
/// coefficient path instead: progressive, arithmetic or multi-scan files, odd sampling, damaged
/// data, or a changed block needing a symbol the file's tables have no code for.
struct JPEGBitstreamSplicer {
    /// One touched segment, decoded from its start as far as the patch needs.
    struct DecodedSegment {
        var segment: JPEGScanSegment
        var data: [UInt8]
        /// The MCUs kept (coefficients and bit positions): from the first MCU of the patch in
        /// this segment to the MCU after its last one.
        var keptFirst: Int
        var keptCount: Int
        /// Bit offset in `data` where each kept MCU starts, then where the last one ends.
        var bitStarts: [Int]
        var coefficients: [Int16]
        /// The DC predictors (per scan component) before the first kept MCU.
        var predictors: [Int]
    }

    let file: JPEGFile
    let header: BaselineScanHeader
    var layout: JPEGFrameLayout { header.layout }
    private(set) var decoded: [Int: DecodedSegment] = [:]
    private(set) var located: [JPEGScanSegment] = []
    private(set) var mcuColumns = 0..<0
    private(set) var mcuRowsTouched = 0..<0

    /// A splicer for `file`, or why it cannot handle it.
    static func make(_ file: JPEGFile) -> Result<JPEGBitstreamSplicer, JPEGSpliceRefusal> {
        do throws(JPEGSpliceRefusal) {
            return .success(JPEGBitstreamSplicer(file: file, header: try BaselineScanHeader(file)))
        } catch {
            return .failure(error)
        }
    }

    private init(file: JPEGFile, header: BaselineScanHeader) {
        self.file = file
        self.header = header
    }

    var interval: Int { header.restartInterval > 0 ? header.restartInterval : header.mcusPerRow * header.mcuRows }

    /// The MCUs of the patch in MCU row `row`.
    private func regionMCUs(row: Int) -> Range<Int> {
        (row * header.mcusPerRow + mcuColumns.lowerBound)..<(row * header.mcusPerRow + mcuColumns.upperBound)
    }

    /// Decodes the blocks covering `bounds` (iMCU-aligned): for each component, its blocks in
    /// ``JPEGFrameLayout/blockRect(component:covering:)`` order.
    mutating func decodeRegion(_ bounds: PixelRect) throws(JPEGSpliceRefusal) -> [[Int16]] {
        let w = layout.iMCUWidth
        let h = layout.iMCUHeight
        mcuColumns = (bounds.x / w)..<((bounds.x + bounds.width + w - 1) / w)
        mcuRowsTouched = (bounds.y / h)..<((bounds.y + bounds.height + h - 1) / h)
        let lastSegment = (regionMCUs(row: mcuRowsTouched.upperBound - 1).upperBound - 1) / interval
        located = try JPEGScanSegments.locate(in: file.bytes, header: header, through: lastSegment)
        // The patch's MCUs in each segment they touch.
        var spans: [Int: Range<Int>] = [:]
        for row in mcuRowsTouched {
            let mcus = regionMCUs(row: row)
            for index in (mcus.lowerBound / interval)...((mcus.upperBound - 1) / interval) {
                let segment = located[index]
                let lower = max(mcus.lowerBound, segment.firstMCU)
                let upper = min(mcus.upperBound, segment.lastMCU + 1)
                let span = spans[index].map { min($0.lowerBound, lower)..<max($0.upperBound, upper) } ?? lower..<upper
                spans[index] = span
            }
        }
        for (index, span) in spans {
            decoded[index] = try decode(located[index], keeping: span.lowerBound..<min(span.upperBound + 1, located[index].lastMCU + 1))
        }
        // Gather each component's blocks.
        var output: [[Int16]] = []
        for c in layout.components.indices {
            let rect = layout.blockRect(component: c, covering: bounds)
            var blocks = [Int16](repeating: 0, count: rect.count * 64)
            forEachRegionBlock(component: c) { segment, source, localX, localY in
                let target = (localY * rect.width + localX) * 64
                for k in 0..<64 { blocks[target + k] = segment.coefficients[source + k] }
            }
            output.append(blocks)
        }
        return output
    }

    /// Calls `body` for every block of component `c` in the patch's MCUs with its decoded segment,
    /// its offset in the segment's coefficients, and its position in the component's block rect.
    func forEachRegionBlock(component c: Int, _ body: (DecodedSegment, Int, Int, Int) -> Void) {
        var offsetInMCU = 0
        for scanComponent in header.scanComponents {
            let hs = scanComponent.horizontalSampling
            let vs = scanComponent.verticalSampling
            if scanComponent.frameIndex == c {
                for row in mcuRowsTouched {
                    for mcu in regionMCUs(row: row) {
                        guard let segment = decoded[mcu / interval] else { continue }
                        let base = (mcu - segment.keptFirst) * header.blocksPerMCU
                        for v in 0..<vs {
                            for u in 0..<hs {
                                let source = (base + offsetInMCU + v * hs + u) * 64
                                body(
                                    segment, source, (mcu % header.mcusPerRow - mcuColumns.lowerBound) * hs + u,
                                    (row - mcuRowsTouched.lowerBound) * vs + v)
                            }
                        }
                    }
                }
            }
            offsetInMCU += hs * vs
        }
    }

    /// Huffman-decodes `segment` from its start through the last of `kept`, keeping those MCUs.
    private func decode(_ segment: JPEGScanSegment, keeping kept: Range<Int>) throws(JPEGSpliceRefusal) -> DecodedSegment {
        let data = JPEGScanSegments.unstuffed(file.bytes, segment.data)
        let perMCU = header.blocksPerMCU
        var coefficients = [Int16](repeating: 0, count: kept.count * perMCU * 64)
        var bitStarts: [Int] = []
        bitStarts.reserveCapacity(kept.count + 1)
        var predictors = [Int](repeating: 0, count: header.scanComponents.count)
        var keptPredictors = predictors
        var scratch = [Int16](repeating: 0, count: perMCU * 64)
        try data.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(JPEGSpliceRefusal) in
            var reader = EntropyBitReader(buffer)
            for mcu in segment.firstMCU..<kept.upperBound {
                if mcu == kept.lowerBound { keptPredictors = predictors }
                if mcu >= kept.lowerBound {
                    bitStarts.append(reader.bitOffset)
                    try coefficients.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<Int16>) throws(JPEGSpliceRefusal) in
                        try decodeMCU(&reader, &predictors, into: out.baseAddress! + (mcu - kept.lowerBound) * perMCU * 64)
                    }
                } else {
                    try scratch.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<Int16>) throws(JPEGSpliceRefusal) in
                        out.update(repeating: 0)
                        try decodeMCU(&reader, &predictors, into: out.baseAddress!)
                    }
                }
            }
            bitStarts.append(reader.bitOffset)
            guard reader.bitOffset <= reader.bitCount else {
                throw JPEGSpliceRefusal("restart segment data ends before its MCUs do")
            }
        }
        return DecodedSegment(
            segment: segment, data: data, keptFirst: kept.lowerBound, keptCount: kept.count,
            bitStarts: bitStarts, coefficients: coefficients, predictors: keptPredictors)
    }

    private func decodeMCU(
        _ reader: inout EntropyBitReader, _ predictors: inout [Int],
        into blocks: UnsafeMutablePointer<Int16>
    ) throws(JPEGSpliceRefusal) {
        var block = blocks
        for (s, component) in header.scanComponents.enumerated() {
            for _ in 0..<(component.horizontalSampling * component.verticalSampling) {
                try BaselineBlockCoder.decode(
                    &reader, dc: component.dcTable, ac: component.acTable,
                    predictor: &predictors[s], into: block)
                block += 64
            }
        }
    }
}
