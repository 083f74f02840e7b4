import CWebP

/// A WebP file's `EXIF` chunk (a TIFF structure), read and set through libwebpmux, which turns a
/// simple (`VP8 ` or `VP8L`) file into the extended form (`VP8X`, its EXIF flag set) when the
/// chunk is added and keeps every other chunk (the image or animation, `ICCP`, `XMP `) as it was.
enum WebPExif {
    /// The EXIF chunk's TIFF structure, or nil when the file has none. A leading `Exif\0\0` (which
    /// some writers put there, though the WebP container specification has none) is skipped.
    /// - Throws: ``MediaError`` `.corrupt` naming `file` when libwebpmux cannot read it.
    static func tiff(in bytes: [UInt8], file: String) throws -> [UInt8]? {
        try withMux(bytes, file: file) { try exif(of: $0, file: file) }
    }

    /// `bytes` with its EXIF chunk set to `tiff`.
    /// - Throws: ``MediaError`` `.corrupt` naming `file` when libwebpmux cannot read it, or
    ///   `.writeFailed` when it cannot write it again.
    static func setting(_ tiff: [UInt8], in bytes: [UInt8], file: String) throws -> [UInt8] {
        try editing(bytes, file: file) { _ in tiff }!
    }

    /// `bytes` with its EXIF chunk set to what `body` makes of the one it has (its TIFF structure,
    /// or nil), read and written through one mux; nil when `body` returns nil (nothing to change).
    /// - Throws: ``MediaError`` as ``tiff(in:file:)`` and ``setting(_:in:file:)`` do, and what `body` throws.
    static func editing(_ bytes: [UInt8], file: String, _ body: ([UInt8]?) throws -> [UInt8]?) throws -> [UInt8]? {
        try withMux(bytes, file: file) { mux in
            guard let tiff = try body(try exif(of: mux, file: file)) else { return nil }
            let status = tiff.withUnsafeBufferPointer { buffer in
                var chunk = WebPData(bytes: buffer.baseAddress, size: buffer.count)
                return WebPMuxSetChunk(mux, "EXIF", &chunk, 1)
            }
            guard status == WEBP_MUX_OK else { throw MediaError(.writeFailed, file: file, "its EXIF chunk cannot be set (libwebpmux \(status.rawValue))") }
            var assembled = WebPData()
            cwebp_data_init(&assembled)
            defer { cwebp_data_clear(&assembled) }
            let written = WebPMuxAssemble(mux, &assembled)
            guard written == WEBP_MUX_OK, let start = assembled.bytes else {
                throw MediaError(.writeFailed, file: file, "it cannot be written again (libwebpmux \(written.rawValue))")
            }
            return Array(UnsafeBufferPointer(start: start, count: assembled.size))
        }
    }

    /// The mux's EXIF chunk as a TIFF structure (see ``tiff(in:file:)``), or nil.
    private static func exif(of mux: OpaquePointer, file: String) throws -> [UInt8]? {
        var chunk = WebPData()
        let status = WebPMuxGetChunk(mux, "EXIF", &chunk)
        if status == WEBP_MUX_NOT_FOUND { return nil }
        guard status == WEBP_MUX_OK else { throw MediaError(.corrupt, file: file, "its EXIF chunk cannot be read (libwebpmux \(status.rawValue))") }
        let data = chunk.bytes.map { Array(UnsafeBufferPointer(start: $0, count: chunk.size)) } ?? []
        return data.starts(with: ExifMetadata.app1Header) ? Array(data.dropFirst(ExifMetadata.app1Header.count)) : data
    }

    /// Runs `body` with a mux made from a copy of `bytes`.
    private static func withMux<T>(_ bytes: [UInt8], file: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        let mux = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            return cwebp_mux_create(&data)
        }
        guard let mux else { throw MediaError(.corrupt, file: file, "it is not a WebP file libwebpmux can read") }
        defer { WebPMuxDelete(mux) }
        return try body(mux)
    }
}
