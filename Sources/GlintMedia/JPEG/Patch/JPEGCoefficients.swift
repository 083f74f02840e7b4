internal import CJPEGTurbo

/// The quantised DCT blocks of one JPEG, read through libjpeg-turbo's coefficient API (as
/// jpegtran does), which can be changed block by block and written back as a JPEG in which every
/// other block keeps its exact values.
///
/// Owns the C reader (and the coefficient arrays libjpeg allocated for it) and frees them in
/// `deinit`; the compressed bytes are kept alive for as long as the reader needs them. Not
/// thread-safe; never shared.
public final class JPEGCoefficients {
    private static let messageCapacity = 256

    /// The frame: size, colour space, sampling and quantisation tables.
    public let layout: JPEGFrameLayout
    /// Whether the stream is progressive.
    public let isProgressive: Bool
    /// Whether the stream is arithmetic-coded.
    public let isArithmetic: Bool
    /// MCUs per restart interval, 0 when none.
    public let restartInterval: Int

    private let reader: OpaquePointer
    private let message: UnsafeMutablePointer<CChar>
    private let input: UnsafeMutableBufferPointer<UInt8>

    /// Reads every block of `bytes`.
    /// - Throws: ``MediaError`` `.empty`, `.truncated`, `.corrupt` (including streams libjpeg
    ///   could only read with corrupt-data warnings), `.unsupported` or `.tooLarge`; names no file.
    public init(reading bytes: [UInt8], limits: ImageLimits = .default) throws {
        guard !bytes.isEmpty else { throw MediaError(.empty, "JPEG data is empty") }
        message = .allocate(capacity: Self.messageCapacity)
        message.initialize(repeating: 0, count: Self.messageCapacity)
        input = .allocate(capacity: bytes.count)
        _ = input.initialize(from: bytes)
        guard let reader = cjpeg_coefficients_create(message, Self.messageCapacity) else {
            message.deallocate()
            input.deallocate()
            throw MediaError(.tooLarge, "out of memory starting the JPEG coefficient reader")
        }
        self.reader = reader
        // From here on deinit frees everything.
        var frame = cjpeg_frame()
        var failure: MediaError?
        if let header = try? JPEGDecoder.readHeader(bytes) {
            do { try limits.check(width: header.width, height: header.height) } catch let error as MediaError { failure = error }
        }
        if failure == nil {
            failure = LibJPEGStatus.error(
                for: cjpeg_coefficients_read(reader, input.baseAddress, input.count, &frame),
                message: message, failureKind: .corrupt)
        }
        layout = JPEGFrameLayout(frame)
        isProgressive = frame.is_progressive != 0
        isArithmetic = frame.is_arithmetic != 0
        restartInterval = Int(frame.restart_interval)
        if let failure { throw failure }
    }

    deinit {
        cjpeg_coefficients_destroy(reader)
        message.deallocate()
        input.deallocate()
    }

    /// The blocks of component `component` in `rect` (block coordinates within the padded array),
    /// 64 coefficients each in natural order, blocks row-major.
    public func blocks(component: Int, _ rect: BlockRect) throws -> [Int16] {
        var blocks = [Int16](repeating: 0, count: rect.count * 64)
        try blocks.withUnsafeMutableBufferPointer { buffer in
            try check(
                cjpeg_coefficients_copy_blocks(
                    reader, Int32(component), Int32(rect.x), Int32(rect.y),
                    Int32(rect.width), Int32(rect.height), buffer.baseAddress,
                    buffer.count, 0))
        }
        return blocks
    }

    /// Replaces the blocks of component `component` in `rect` with `blocks` (laid out as
    /// ``blocks(component:_:)`` returns them).
    public func setBlocks(component: Int, _ rect: BlockRect, _ blocks: [Int16]) throws {
        var copy = blocks
        try copy.withUnsafeMutableBufferPointer { buffer in
            try check(
                cjpeg_coefficients_copy_blocks(
                    reader, Int32(component), Int32(rect.x), Int32(rect.y),
                    Int32(rect.width), Int32(rect.height), buffer.baseAddress,
                    buffer.count, 1))
        }
    }

    /// Every real (not padding) block of every component, for comparing two files.
    public func allBlocks() throws -> [[Int16]] {
        try layout.components.indices.map { c in
            let component = layout.components[c]
            return try blocks(
                component: c,
                BlockRect(
                    x: 0, y: 0, width: component.widthInBlocks,
                    height: component.heightInBlocks))
        }
    }

    /// Writes the blocks as a JPEG (no APPn or COM markers): the same quantisation tables,
    /// sampling, colour space and restart interval; progressive stays progressive (libjpeg's
    /// standard scan script), arithmetic stays arithmetic, anything else becomes baseline with
    /// optimised Huffman tables.
    public func write() throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        try check(cjpeg_coefficients_write(reader, &output, &size), failureKind: .encodingFailed)
        guard let output else { throw MediaError(.encodingFailed, "JPEG coefficient writer returned nothing") }
        defer { cjpeg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    private func check(_ status: cjpeg_status, failureKind: MediaError.Kind = .corrupt) throws {
        if let error = LibJPEGStatus.error(for: status, message: message, failureKind: failureKind) { throw error }
    }
}

extension JPEGFrameLayout {
    /// The layout the shim reported.
    init(_ frame: cjpeg_frame) {
        let count = Int(frame.components)
        var components: [Component] = []
        withUnsafeBytes(of: frame.component) { raw in
            let infos = raw.bindMemory(to: cjpeg_component.self)
            for c in 0..<min(count, infos.count) {
                let info = infos[c]
                let quant = withUnsafeBytes(of: info.quant) { Array($0.bindMemory(to: UInt16.self)) }
                components.append(
                    Component(
                        id: Int(info.id), horizontalSampling: Int(info.h_samp_factor), verticalSampling: Int(info.v_samp_factor),
                        widthInBlocks: Int(info.width_in_blocks), heightInBlocks: Int(info.height_in_blocks),
                        quantization: quant))
            }
        }
        let colourSpace: JPEGColourSpace
        switch frame.color_space {
        case CJPEG_COLOR_GRAYSCALE: colourSpace = .grayscale
        case CJPEG_COLOR_YCBCR: colourSpace = .yCbCr
        case CJPEG_COLOR_RGB: colourSpace = .rgb
        case CJPEG_COLOR_CMYK: colourSpace = .cmyk
        case CJPEG_COLOR_YCCK: colourSpace = .ycck
        default: colourSpace = .unknown
        }
        self.init(width: Int(frame.width), height: Int(frame.height), colourSpace: colourSpace, components: components)
    }
}
