/// What the bitstream splice needs to know about a baseline Huffman-coded JPEG, read from its
/// marker segments: the frame (SOF0 or SOF1, 8-bit), quantisation and Huffman tables, restart
/// interval, and the one scan that codes every component.
struct BaselineScanHeader {
    /// One component of the scan, in scan order.
    struct ScanComponent {
        /// The component's index in the frame.
        var frameIndex: Int
        var dcTable: HuffmanTable
        var acTable: HuffmanTable
        var horizontalSampling: Int
        var verticalSampling: Int
    }

    var layout: JPEGFrameLayout
    var scanComponents: [ScanComponent]
    /// MCUs per restart interval, 0 when none.
    var restartInterval: Int
    /// Where the entropy-coded data starts (just after the SOS segment).
    var dataStart: Int
    /// MCUs per row and MCU rows.
    var mcusPerRow: Int
    var mcuRows: Int
    /// Blocks in one MCU, all components.
    var blocksPerMCU: Int { scanComponents.reduce(0) { $0 + $1.horizontalSampling * $1.verticalSampling } }

    /// Reads the header of `file`.
    /// - Throws: ``JPEGSpliceRefusal`` for anything but an 8-bit baseline (or extended
    ///   sequential) Huffman file with one scan of all its components.
    init(_ file: JPEGFile) throws(JPEGSpliceRefusal) {
        var quantization: [Int: [UInt16]] = [:]
        var dcTables: [Int: HuffmanTable] = [:], acTables: [Int: HuffmanTable] = [:]
        var frame: [UInt8]?
        var restartInterval = 0
        var adobeTransform: UInt8?
        var sawJFIF = false
        for segment in file.segments {
            let payload = segment.payload
            switch segment.marker {
            case 0xC0, 0xC1:
                frame = payload
            case 0xC2, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw JPEGSpliceRefusal("the JPEG is progressive, lossless or arithmetic-coded")
            case JPEGMarker.defineQuantizationTables:
                var at = 0
                while at < payload.count {
                    let precision = payload[at] >> 4, id = Int(payload[at] & 15)
                    let size = precision == 0 ? 64 : 128
                    guard at + 1 + size <= payload.count else { throw JPEGSpliceRefusal("a DQT segment is cut short") }
                    var table = [UInt16](repeating: 0, count: 64)
                    for k in 0..<64 {
                        let value = precision == 0 ? UInt16(payload[at + 1 + k])
                            : UInt16(payload[at + 1 + 2 * k]) << 8 | UInt16(payload[at + 2 + 2 * k])
                        table[Self.zigzag[k]] = value
                    }
                    quantization[id] = table
                    at += 1 + size
                }
            case JPEGMarker.defineHuffmanTables:
                var at = 0
                while at < payload.count {
                    guard at + 17 <= payload.count else { throw JPEGSpliceRefusal("a DHT segment is cut short") }
                    let tableClass = payload[at] >> 4, id = Int(payload[at] & 15)
                    let counts = Array(payload[(at + 1)..<(at + 17)])
                    let total = counts.reduce(0) { $0 + Int($1) }
                    guard at + 17 + total <= payload.count else { throw JPEGSpliceRefusal("a DHT segment is cut short") }
                    let table = try HuffmanTable(counts: counts, symbols: Array(payload[(at + 17)..<(at + 17 + total)]))
                    if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
                    at += 17 + total
                }
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
        guard let frame, frame.count >= 6, frame[0] == 8 else {
            throw JPEGSpliceRefusal("the JPEG has no 8-bit baseline frame header")
        }
        let height = Int(frame[1]) << 8 | Int(frame[2]), width = Int(frame[3]) << 8 | Int(frame[4])
        let count = Int(frame[5])
        guard width > 0, height > 0, count == 1 || count == 3, frame.count >= 6 + 3 * count else {
            throw JPEGSpliceRefusal("the JPEG frame has \(count) components or no height")
        }
        var ids: [Int] = [], sampling: [(Int, Int)] = [], tables: [Int] = []
        for c in 0..<count {
            let at = 6 + 3 * c
            ids.append(Int(frame[at]))
            sampling.append((Int(frame[at + 1] >> 4), Int(frame[at + 1] & 15)))
            tables.append(Int(frame[at + 2]))
        }
        guard sampling.allSatisfy({ (1...4).contains($0.0) && (1...4).contains($0.1) }),
              count > 1 || sampling[0] == (1, 1) else {
            throw JPEGSpliceRefusal("the JPEG's sampling factors are not handled by the splice")
        }
        let maxH = sampling.map(\.0).max() ?? 1, maxV = sampling.map(\.1).max() ?? 1
        var components: [JPEGFrameLayout.Component] = []
        for c in 0..<count {
            guard let table = quantization[tables[c]] else { throw JPEGSpliceRefusal("a component has no quantisation table") }
            let samplesWide = (width * sampling[c].0 + maxH - 1) / maxH, samplesHigh = (height * sampling[c].1 + maxV - 1) / maxV
            components.append(.init(id: ids[c], horizontalSampling: sampling[c].0, verticalSampling: sampling[c].1,
                                    widthInBlocks: (samplesWide + 7) / 8, heightInBlocks: (samplesHigh + 7) / 8,
                                    quantization: table))
        }
        let colorSpace: JPEGColorSpace
        if count == 1 {
            colorSpace = .grayscale
        } else if sawJFIF {
            colorSpace = .yCbCr
        } else if let adobeTransform {
            colorSpace = adobeTransform == 0 ? .rgb : .yCbCr
        } else {
            colorSpace = ids == [82, 71, 66] ? .rgb : .yCbCr
        }
        layout = JPEGFrameLayout(width: width, height: height, colorSpace: colorSpace, components: components)
        self.restartInterval = restartInterval
        mcusPerRow = (width + 8 * maxH - 1) / (8 * maxH)
        mcuRows = (height + 8 * maxV - 1) / (8 * maxV)

        // The scan header.
        let bytes = file.bytes
        let sos = file.imageDataRange.lowerBound
        guard sos + 5 <= bytes.count else { throw JPEGSpliceRefusal("the scan header is cut short") }
        let length = Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3])
        let scanCount = Int(bytes[sos + 4])
        guard scanCount == count, length == 6 + 2 * scanCount, sos + 2 + length <= bytes.count else {
            throw JPEGSpliceRefusal("the first scan does not code every component")
        }
        var scanComponents: [ScanComponent] = []
        for s in 0..<scanCount {
            let id = Int(bytes[sos + 5 + 2 * s]), selectors = bytes[sos + 6 + 2 * s]
            guard let frameIndex = ids.firstIndex(of: id), let dc = dcTables[Int(selectors >> 4)],
                  let ac = acTables[Int(selectors & 15)] else {
                throw JPEGSpliceRefusal("a scan component has no frame component or Huffman table")
            }
            scanComponents.append(ScanComponent(frameIndex: frameIndex, dcTable: dc, acTable: ac,
                                                horizontalSampling: count == 1 ? 1 : sampling[frameIndex].0,
                                                verticalSampling: count == 1 ? 1 : sampling[frameIndex].1))
        }
        let spectral = sos + 5 + 2 * scanCount
        guard bytes[spectral] == 0, bytes[spectral + 1] == 63, bytes[spectral + 2] == 0 else {
            throw JPEGSpliceRefusal("the scan is not a sequential one")
        }
        self.scanComponents = scanComponents
        dataStart = sos + 2 + length
        guard blocksPerMCU <= 10 else { throw JPEGSpliceRefusal("an MCU holds more than 10 blocks") }
    }

    /// `zigzag[k]` is the natural-order index of the k-th coefficient in zigzag order.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55,
        62, 63,
    ]
}
