extension JPEGBitstreamSplicer {
    /// Writes the file with the region's changed blocks spliced in.
    /// - Parameters:
    ///   - region: The region after ``JPEGBlockRegion/reencodeChangedBlocks(original:edited:)``,
    ///     over the bounds given to ``decodeRegion(_:)``.
    ///   - changed: The per-block flags that call returned.
    /// - Returns: The whole file, and where its image (EOI) ends.
    func write(region: JPEGBlockRegion, changed: [[Bool]]) throws(JPEGSpliceRefusal) -> (bytes: [UInt8], imageEnd: Int) {
        // New coefficients for every kept MCU, and which MCUs changed.
        var coefficients = decoded.mapValues(\.coefficients)
        var changedMCUs = Set<Int>()
        for c in layout.components.indices {
            let rect = region.blockRects[c]
            let hs = header.scanComponents.first { $0.frameIndex == c }?.horizontalSampling ?? 1
            let vs = header.scanComponents.first { $0.frameIndex == c }?.verticalSampling ?? 1
            forEachRegionBlock(component: c) { segment, source, localX, localY in
                let index = localY * rect.width + localX
                guard changed[c][index] else { return }
                let mcu = (mcuRowsTouched.lowerBound + localY / vs) * header.mcusPerRow + mcuColumns.lowerBound + localX / hs
                changedMCUs.insert(mcu)
                let key = segment.segment.firstMCU / interval
                for k in 0..<64 { coefficients[key]![source + k] = region.blocks[c][index * 64 + k] }
            }
        }
        let bytes = file.bytes
        let touched = decoded.keys.sorted()
        guard let first = touched.first, let last = touched.last else {
            return (bytes, file.endOfImageOffset)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 4096)
        output.append(contentsOf: bytes[0..<located[first].data.lowerBound])
        for index in first...last {
            let segment = located[index]
            let inSegment = changedMCUs.filter { segment.firstMCU...segment.lastMCU ~= $0 }
            if let decodedSegment = decoded[index], let firstChanged = inSegment.min(), let lastChanged = inSegment.max() {
                output.append(
                    contentsOf: try splice(
                        decodedSegment, coefficients: coefficients[index]!,
                        changed: firstChanged...lastChanged))
            } else {
                output.append(contentsOf: bytes[segment.data])
            }
            // The marker after the segment (RSTn, or EOI for the last).
            let next = index < last ? located[index + 1].data.lowerBound : file.endOfImageOffset
            output.append(contentsOf: bytes[segment.data.upperBound..<next])
        }
        let imageEnd = output.count
        output.append(contentsOf: file.trailingBytes)
        return (output, imageEnd)
    }

    /// The new data of one segment: its bits before `changed` copied, `changed` and the MCU after
    /// it coded again, the rest copied bit-shifted.
    private func splice(_ segment: DecodedSegment, coefficients: [Int16], changed: ClosedRange<Int>) throws(JPEGSpliceRefusal) -> [UInt8] {
        let perMCU = header.blocksPerMCU
        let codedEnd = min(changed.upperBound + 1, segment.segment.lastMCU)
        let start = segment.bitStarts[changed.lowerBound - segment.keptFirst]
        let tailStart = segment.bitStarts[codedEnd - segment.keptFirst + 1]
        // The DC predictors before the first changed MCU, from the original coefficients.
        var predictors = segment.predictors
        advance(&predictors, through: segment.coefficients, mcus: 0..<(changed.lowerBound - segment.keptFirst))
        var tailPredictors = predictors
        advance(
            &tailPredictors, through: segment.coefficients,
            mcus: (changed.lowerBound - segment.keptFirst)..<(codedEnd - segment.keptFirst + 1))

        var writer = EntropyBitWriter(capacity: segment.data.count + 1024)
        try segment.data.withUnsafeBufferPointer { (data: UnsafeBufferPointer<UInt8>) throws(JPEGSpliceRefusal) in
            writer.copyBits(of: data, 0..<start)
            try coefficients.withUnsafeBufferPointer { (blocks: UnsafeBufferPointer<Int16>) throws(JPEGSpliceRefusal) in
                for mcu in changed.lowerBound...codedEnd {
                    var block = blocks.baseAddress! + (mcu - segment.keptFirst) * perMCU * 64
                    for (s, component) in header.scanComponents.enumerated() {
                        for _ in 0..<(component.horizontalSampling * component.verticalSampling) {
                            try BaselineBlockCoder.encode(
                                &writer, dc: component.dcTable, ac: component.acTable,
                                predictor: &predictors[s], block: block)
                            block += 64
                        }
                    }
                }
            }
            guard codedEnd < segment.segment.lastMCU else { return }
            let tailEnd = try endOfTail(
                segment, data: data, from: tailStart, after: codedEnd,
                predictors: tailPredictors, writtenBits: writer.bitCount)
            writer.copyBits(of: data, tailStart..<tailEnd)
        }
        return writer.finish()
    }

    /// Where the copied tail must end. Copying the segment's data to its last bit keeps its own
    /// padding (at most 7 one-bits); with the new padding after it, that could make a whole byte
    /// of padding, which decoders report as extraneous data. Only when that can happen (the new
    /// data is shifted and the old data ends in enough 1-bits to be padding) is the tail decoded
    /// to find exactly where its last MCU ends.
    private func endOfTail(
        _ segment: DecodedSegment, data: UnsafeBufferPointer<UInt8>, from tailStart: Int, after codedEnd: Int,
        predictors: [Int], writtenBits: Int
    ) throws(JPEGSpliceRefusal) -> Int {
        let total = data.count * 8
        let newPadding = (8 - (writtenBits + total - tailStart) % 8) % 8
        guard newPadding > 0 else { return total }
        let suspect = 8 - newPadding
        var allOnes = true
        for bit in (total - suspect)..<total where bit >= tailStart {
            if (data[bit / 8] >> UInt8(7 - bit % 8)) & 1 == 0 {
                allOnes = false
                break
            }
        }
        guard allOnes else { return total }
        var reader = EntropyBitReader(data, bitOffset: tailStart)
        var predictors = predictors
        var scratch = [Int16](repeating: 0, count: header.blocksPerMCU * 64)
        try scratch.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<Int16>) throws(JPEGSpliceRefusal) in
            for _ in (codedEnd + 1)...segment.segment.lastMCU {
                out.update(repeating: 0)
                var block = out.baseAddress!
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
        guard reader.bitOffset <= total else { throw JPEGSpliceRefusal("restart segment data ends before its MCUs do") }
        return reader.bitOffset
    }

    /// Moves DC predictors past kept MCUs `mcus` (indices into `coefficients`).
    private func advance(_ predictors: inout [Int], through coefficients: [Int16], mcus: Range<Int>) {
        for mcu in mcus {
            var block = mcu * header.blocksPerMCU
            for (s, component) in header.scanComponents.enumerated() {
                let count = component.horizontalSampling * component.verticalSampling
                predictors[s] = Int(coefficients[(block + count - 1) * 64])
                block += count
            }
        }
    }
}
