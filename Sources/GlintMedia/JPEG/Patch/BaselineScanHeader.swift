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
        let tables = try MarkerTables(file.segments)
        let frame = try FrameHeader(tables.frame)
        let components = try frame.layoutComponents(quantization: tables.quantization)
        layout = JPEGFrameLayout(
            width: frame.width, height: frame.height,
            colourSpace: frame.colourSpace(sawJFIF: tables.sawJFIF, adobeTransform: tables.adobeTransform),
            components: components)
        restartInterval = tables.restartInterval
        mcusPerRow = (frame.width + 8 * frame.maxHorizontalSampling - 1) / (8 * frame.maxHorizontalSampling)
        mcuRows = (frame.height + 8 * frame.maxVerticalSampling - 1) / (8 * frame.maxVerticalSampling)
        (scanComponents, dataStart) = try Self.readScan(of: file, frame: frame, tables: tables)
        guard blocksPerMCU <= 10 else { throw JPEGSpliceRefusal("an MCU holds more than 10 blocks") }
    }

    /// Reads the SOS segment of `file`: the scan's components, in scan order, and where the
    /// entropy-coded data starts.
    /// - Throws: ``JPEGSpliceRefusal`` unless the scan is one sequential scan of every component.
    private static func readScan(
        of file: JPEGFile, frame: FrameHeader,
        tables: MarkerTables
    ) throws(JPEGSpliceRefusal) -> ([ScanComponent], dataStart: Int) {
        let bytes = file.bytes
        let sos = file.imageDataRange.lowerBound
        guard sos + 5 <= bytes.count else { throw JPEGSpliceRefusal("the scan header is cut short") }
        let length = Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3])
        let scanCount = Int(bytes[sos + 4])
        let count = frame.ids.count
        guard scanCount == count, length == 6 + 2 * scanCount, sos + 2 + length <= bytes.count else {
            throw JPEGSpliceRefusal("the first scan does not code every component")
        }
        var scanComponents: [ScanComponent] = []
        for s in 0..<scanCount {
            let id = Int(bytes[sos + 5 + 2 * s])
            let selectors = bytes[sos + 6 + 2 * s]
            guard let frameIndex = frame.ids.firstIndex(of: id), let dc = tables.dcTables[Int(selectors >> 4)],
                let ac = tables.acTables[Int(selectors & 15)]
            else {
                throw JPEGSpliceRefusal("a scan component has no frame component or Huffman table")
            }
            scanComponents.append(
                ScanComponent(
                    frameIndex: frameIndex, dcTable: dc, acTable: ac,
                    horizontalSampling: count == 1 ? 1 : frame.sampling[frameIndex].0,
                    verticalSampling: count == 1 ? 1 : frame.sampling[frameIndex].1))
        }
        let spectral = sos + 5 + 2 * scanCount
        guard bytes[spectral] == 0, bytes[spectral + 1] == 63, bytes[spectral + 2] == 0 else {
            throw JPEGSpliceRefusal("the scan is not a sequential one")
        }
        return (scanComponents, sos + 2 + length)
    }

    /// `zigzag[k]` is the natural-order index of the k-th coefficient in zigzag order.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55,
        62, 63,
    ]
}
