internal import CJPEGTurbo

/// One libjpeg decompression of an in-memory JPEG, owning the C decoder and its message buffer.
///
/// The shim keeps a pointer to the compressed bytes, so a decompression is only used inside
/// ``withDecompression(of:_:)``, which keeps those bytes alive and frees the C decoder when the
/// body returns or throws. Not thread-safe; never shared.
final class JPEGDecompression {
    private static let messageCapacity = 256

    private let decoder: OpaquePointer
    private let message: UnsafeMutablePointer<CChar>
    private let input: UnsafeBufferPointer<UInt8>

    private init(input: UnsafeBufferPointer<UInt8>) throws {
        message = .allocate(capacity: Self.messageCapacity)
        message.initialize(repeating: 0, count: Self.messageCapacity)
        guard let decoder = cjpeg_decoder_create(message, Self.messageCapacity) else {
            message.deallocate()
            throw MediaError(.tooLarge, "out of memory starting the JPEG decoder")
        }
        self.decoder = decoder
        self.input = input
    }

    deinit {
        cjpeg_decoder_destroy(decoder)
        message.deallocate()
    }

    /// Runs `body` with a decompression of `bytes`, freeing every C resource afterwards.
    static func withDecompression<T>(of bytes: [UInt8], _ body: (JPEGDecompression) throws -> T) throws -> T {
        guard !bytes.isEmpty else { throw MediaError(.empty, "JPEG data is empty") }
        return try bytes.withUnsafeBufferPointer { input in
            let decompression = try JPEGDecompression(input: input)
            return try withExtendedLifetime(decompression) { try body(decompression) }
        }
    }

    /// Reads the markers up to the first scan. Allocates no pixel memory.
    func readHeader() throws -> JPEGHeader {
        var header = cjpeg_header()
        try check(cjpeg_decoder_read_header(decoder, input.baseAddress, input.count, &header))
        return JPEGHeader(
            width: Int(header.width),
            height: Int(header.height),
            components: Int(header.components),
            colourSpace: Self.colourSpace(header.color_space),
            isProgressive: header.is_progressive != 0
        )
    }

    /// Selects RGB output scaled by 1/`denominator` and returns the output size.
    func setScale(denominator: Int) throws -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        try check(cjpeg_decoder_set_scale(decoder, Int32(denominator), &width, &height))
        return (Int(width), Int(height))
    }

    /// Decodes into `pixels`, which must hold width x height x 3 bytes of the scaled output size.
    /// - Returns: The number of corrupt-data warnings libjpeg recovered from, and the first one.
    func decodeRGB(into pixels: UnsafeMutableBufferPointer<UInt8>) throws -> (count: Int, first: String?) {
        var warnings: Int32 = 0
        try check(cjpeg_decoder_decode_rgb(decoder, pixels.baseAddress, pixels.count, &warnings))
        let first = warnings > 0 ? String(cString: message) : nil
        return (Int(warnings), first)
    }

    /// Starts decoding only `region` of the scaled output (rows exactly; columns widened by
    /// libjpeg to whole iMCUs).
    /// - Returns: The first column and the number of columns that will be decoded.
    func startRegion(_ region: PixelRect) throws -> (x: Int, width: Int) {
        var x: Int32 = 0
        var width: Int32 = 0
        try check(
            cjpeg_decoder_start_region(
                decoder, Int32(region.x), Int32(region.y), Int32(region.width),
                Int32(region.height), &x, &width))
        return (Int(x), Int(width))
    }

    /// Decodes the started region into `pixels` (decoded width x region height x 3 bytes).
    /// - Returns: The number of corrupt-data warnings libjpeg recovered from, and the first one.
    func decodeRegion(into pixels: UnsafeMutableBufferPointer<UInt8>) throws -> (count: Int, first: String?) {
        var warnings: Int32 = 0
        try check(cjpeg_decoder_read_region(decoder, pixels.baseAddress, pixels.count, &warnings))
        let first = warnings > 0 ? String(cString: message) : nil
        return (Int(warnings), first)
    }

    private func check(_ status: cjpeg_status) throws {
        if let error = LibJPEGStatus.error(for: status, message: message, failureKind: .corrupt) {
            throw error
        }
    }

    private static func colourSpace(_ space: cjpeg_color_space) -> JPEGColourSpace {
        switch space {
        case CJPEG_COLOR_GRAYSCALE: return .grayscale
        case CJPEG_COLOR_YCBCR: return .yCbCr
        case CJPEG_COLOR_RGB: return .rgb
        case CJPEG_COLOR_CMYK: return .cmyk
        case CJPEG_COLOR_YCCK: return .ycck
        default: return .unknown
        }
    }
}
