extension BaselineScanHeader {
    /// What the marker segments before the scan declare: the frame header, the quantisation and
    /// Huffman tables by id, the restart interval, and the JFIF and Adobe markers that decide
    /// the colour space.
    struct MarkerTables {
        /// The SOF0 or SOF1 payload, `nil` when the file has none.
        var frame: [UInt8]?
        /// Quantisation tables by id, 64 values in natural order.
        var quantization: [Int: [UInt16]] = [:]
        var dcTables: [Int: HuffmanTable] = [:]
        var acTables: [Int: HuffmanTable] = [:]
        /// MCUs per restart interval, 0 when none.
        var restartInterval = 0
        /// The transform flag of an APP14 Adobe marker.
        var adobeTransform: UInt8?
        /// Whether an APP0 JFIF marker was seen.
        var sawJFIF = false

        /// Reads `segments` in file order.
        /// - Throws: ``JPEGSpliceRefusal`` for a progressive, lossless or arithmetic-coded file,
        ///   or a table segment cut short.
        init(_ segments: [JPEGSegment]) throws(JPEGSpliceRefusal) {
            for segment in segments {
                let payload = segment.payload
                switch segment.marker {
                case 0xC0, 0xC1:
                    frame = payload
                case 0xC2, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                    throw JPEGSpliceRefusal("the JPEG is progressive, lossless or arithmetic-coded")
                case JPEGMarker.defineQuantizationTables:
                    try readQuantizationTables(payload)
                case JPEGMarker.defineHuffmanTables:
                    try readHuffmanTables(payload)
                case JPEGMarker.defineRestartInterval:
                    guard payload.count >= 2 else { throw JPEGSpliceRefusal("a DRI segment is cut short") }
                    restartInterval = Int(payload[0]) << 8 | Int(payload[1])
                case JPEGMarker.app0 where payload.starts(with: Array("JFIF".utf8) + [0]):
                    sawJFIF = true
                case 0xEE where payload.count >= 12 && payload.starts(with: Array("Adobe".utf8)):
                    adobeTransform = payload[11]
                case 0xCC:
                    throw JPEGSpliceRefusal("the JPEG is arithmetic-coded")
                default:
                    break
                }
            }
        }

        /// Reads the tables of one DQT segment into ``quantization``.
        private mutating func readQuantizationTables(_ payload: [UInt8]) throws(JPEGSpliceRefusal) {
            var at = 0
            while at < payload.count {
                let precision = payload[at] >> 4
                let id = Int(payload[at] & 15)
                let size = precision == 0 ? 64 : 128
                guard at + 1 + size <= payload.count else { throw JPEGSpliceRefusal("a DQT segment is cut short") }
                var table = [UInt16](repeating: 0, count: 64)
                for k in 0..<64 {
                    let value =
                        precision == 0
                        ? UInt16(payload[at + 1 + k])
                        : UInt16(payload[at + 1 + 2 * k]) << 8 | UInt16(payload[at + 2 + 2 * k])
                    table[BaselineScanHeader.zigzag[k]] = value
                }
                quantization[id] = table
                at += 1 + size
            }
        }

        /// Reads the tables of one DHT segment into ``dcTables`` and ``acTables``.
        private mutating func readHuffmanTables(_ payload: [UInt8]) throws(JPEGSpliceRefusal) {
            var at = 0
            while at < payload.count {
                guard at + 17 <= payload.count else { throw JPEGSpliceRefusal("a DHT segment is cut short") }
                let tableClass = payload[at] >> 4
                let id = Int(payload[at] & 15)
                let counts = Array(payload[(at + 1)..<(at + 17)])
                let total = counts.reduce(0) { $0 + Int($1) }
                guard at + 17 + total <= payload.count else { throw JPEGSpliceRefusal("a DHT segment is cut short") }
                let table = try HuffmanTable(counts: counts, symbols: Array(payload[(at + 17)..<(at + 17 + total)]))
                if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
                at += 17 + total
            }
        }
    }

    /// An 8-bit SOF0 or SOF1 frame header: the picture size and each component's id, sampling
    /// factors and quantisation table id, in frame order.
    struct FrameHeader {
        var width: Int
        var height: Int
        var ids: [Int]
        /// Horizontal and vertical sampling factors.
        var sampling: [(Int, Int)]
        /// Quantisation table ids.
        var quantizationTables: [Int]
        var maxHorizontalSampling: Int { sampling.map(\.0).max() ?? 1 }
        var maxVerticalSampling: Int { sampling.map(\.1).max() ?? 1 }

        /// Reads a frame header's payload.
        /// - Throws: ``JPEGSpliceRefusal`` when there is none, or it is not 8-bit, or its
        ///   component count or sampling factors are not ones the splice handles.
        init(_ frame: [UInt8]?) throws(JPEGSpliceRefusal) {
            guard let frame, frame.count >= 6, frame[0] == 8 else {
                throw JPEGSpliceRefusal("the JPEG has no 8-bit baseline frame header")
            }
            height = Int(frame[1]) << 8 | Int(frame[2])
            width = Int(frame[3]) << 8 | Int(frame[4])
            let count = Int(frame[5])
            guard width > 0, height > 0, count == 1 || count == 3, frame.count >= 6 + 3 * count else {
                throw JPEGSpliceRefusal("the JPEG frame has \(count) components or no height")
            }
            ids = []
            sampling = []
            quantizationTables = []
            for c in 0..<count {
                let at = 6 + 3 * c
                ids.append(Int(frame[at]))
                sampling.append((Int(frame[at + 1] >> 4), Int(frame[at + 1] & 15)))
                quantizationTables.append(Int(frame[at + 2]))
            }
            guard sampling.allSatisfy({ (1...4).contains($0.0) && (1...4).contains($0.1) }),
                count > 1 || sampling[0] == (1, 1)
            else {
                throw JPEGSpliceRefusal("the JPEG's sampling factors are not handled by the splice")
            }
        }

        /// The frame's components as a ``JPEGFrameLayout`` lays them out.
        /// - Throws: ``JPEGSpliceRefusal`` when a component's quantisation table is missing.
        func layoutComponents(quantization: [Int: [UInt16]]) throws(JPEGSpliceRefusal) -> [JPEGFrameLayout.Component] {
            let maxH = maxHorizontalSampling
            let maxV = maxVerticalSampling
            var components: [JPEGFrameLayout.Component] = []
            for c in 0..<ids.count {
                guard let table = quantization[quantizationTables[c]] else {
                    throw JPEGSpliceRefusal("a component has no quantisation table")
                }
                let samplesWide = (width * sampling[c].0 + maxH - 1) / maxH
                let samplesHigh = (height * sampling[c].1 + maxV - 1) / maxV
                components.append(
                    .init(
                        id: ids[c], horizontalSampling: sampling[c].0, verticalSampling: sampling[c].1,
                        widthInBlocks: (samplesWide + 7) / 8, heightInBlocks: (samplesHigh + 7) / 8,
                        quantization: table))
            }
            return components
        }

        /// The colour space the components are in: grayscale for one, else as the JFIF or Adobe
        /// marker says, else RGB only when the component ids spell "RGB".
        func colourSpace(sawJFIF: Bool, adobeTransform: UInt8?) -> JPEGColourSpace {
            if ids.count == 1 {
                return .grayscale
            } else if sawJFIF {
                return .yCbCr
            } else if let adobeTransform {
                return adobeTransform == 0 ? .rgb : .yCbCr
            } else {
                return ids == [82, 71, 66] ? .rgb : .yCbCr
            }
        }
    }
}
