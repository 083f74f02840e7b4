import CGIF

/// Writes a GIF89a file with giflib, one frame at a time, atomically: the bytes go through an
/// ``AtomicFileWriter``, so a failure (or a writer dropped before ``close()``) leaves nothing.
///
/// giflib does the LZW coding and the block structure; this type owns the `GifFileType` and
/// frees it on every path. Not thread-safe and not `Sendable`.
final class GIFFileWriter {
    /// The sink giflib's output callback writes to, with the first write error kept.
    private final class Sink {
        let file: AtomicFileWriter
        var error: Error?
        init(file: AtomicFileWriter) { self.file = file }
    }

    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink: Sink
    private let retained: Unmanaged<Sink>
    /// The destination path.
    let destination: String

    /// Opens `destination` and writes the header, the global palette and, when `loopCount` is
    /// given, the NETSCAPE2.0 looping extension (0 loops forever).
    init(destination: String, width: Int, height: Int, palette: [PaletteColour], loopCount: Int?) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw MediaError(.invalidArgument, file: destination, "a GIF is at most 65535 pixels a side, got \(width)x\(height)")
        }
        self.destination = destination
        sink = Sink(file: try AtomicFileWriter(destination: destination))
        retained = Unmanaged.passRetained(sink)
        var status: Int32 = 0
        gif = EGifOpen(
            retained.toOpaque(),
            { file, bytes, length in
                guard let file, let user = file.pointee.UserData, let bytes, length > 0 else { return 0 }
                let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
                guard sink.error == nil else { return 0 }
                do {
                    try sink.file.write(UnsafeBufferPointer(start: bytes, count: Int(length)))
                } catch {
                    sink.error = error
                    return 0
                }
                return length
            }, &status)
        // From here every stored property is set, so a throw runs `deinit`, which cleans up.
        guard gif != nil else {
            throw MediaError(.encodingFailed, file: destination, "giflib could not start the file: \(Self.message(status))")
        }
        EGifSetGifVersion(gif, true)
        try withColourMap(palette) { map in
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "writing the screen descriptor")
        }
        if let loopCount {
            let count = UInt16(clamping: loopCount)
            try check(EGifPutExtensionLeader(gif, cgif_application_extension()), "writing the loop extension")
            try check(Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(gif, 11, $0.baseAddress) }, "writing the loop extension")
            try check(
                [UInt8(1), UInt8(count & 0xFF), UInt8(count >> 8)].withUnsafeBytes { EGifPutExtensionBlock(gif, 3, $0.baseAddress) },
                "writing the loop extension")
            try check(EGifPutExtensionTrailer(gif), "writing the loop extension")
        }
    }

    deinit {
        if gif != nil {
            var status: Int32 = 0
            EGifCloseFile(gif, &status)
            sink.file.discard()
        }
        retained.release()
    }

    /// Writes one frame: a graphic control extension (delay, transparency, disposal "leave in
    /// place") and the image, a `width` x `height` rectangle at (`left`, `top`) of palette indices.
    func addFrame(
        indices: [UInt8], left: Int, top: Int, width: Int, height: Int,
        delayCentiseconds: Int, transparentIndex: Int?
    ) throws {
        precondition(indices.count == width * height, "one index per pixel")
        var control = GraphicsControlBlock(
            DisposalMode: cgif_dispose_do_not(), UserInputFlag: false,
            DelayTime: Int32(min(max(delayCentiseconds, 0), 65535)),
            TransparentColor: Int32(transparentIndex ?? Int(cgif_no_transparent_color())))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = extensionBytes.withUnsafeMutableBufferPointer { EGifGCBToExtension(&control, $0.baseAddress) }
        try check(
            extensionBytes.withUnsafeBytes { EGifPutExtension(gif, cgif_graphics_extension(), Int32(length), $0.baseAddress) },
            "writing a frame's control block")
        try check(EGifPutImageDesc(gif, Int32(left), Int32(top), Int32(width), Int32(height), false, nil), "writing a frame's descriptor")
        // giflib takes a mutable pointer but only reads the line.
        var pixels = indices
        for y in 0..<height {
            try check(
                pixels.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress! + y * width, Int32(width)) },
                "writing a frame's pixels")
        }
    }

    /// Writes the trailer and commits the file.
    /// - Returns: The file's size in bytes.
    func close() throws -> Int {
        var status: Int32 = 0
        let result = EGifCloseFile(gif, &status)
        gif = nil
        if let error = sink.error {
            sink.file.discard()
            throw error
        }
        guard result == cgif_ok() else {
            sink.file.discard()
            throw MediaError(.encodingFailed, file: destination, "giflib could not finish the file: \(Self.message(status))")
        }
        let size = Int(sink.file.offset)
        try sink.file.commit()
        return size
    }

    private func check(_ result: Int32, _ what: String) throws {
        if let error = sink.error { throw error }
        guard result == cgif_ok() else {
            let code = gif?.pointee.Error ?? 0
            throw MediaError(.encodingFailed, file: destination, "giflib failed \(what): \(Self.message(code))")
        }
    }

    /// Runs `body` with a giflib colour map of `palette`, padded to a power of two.
    private func withColourMap(_ palette: [PaletteColour], _ body: (UnsafeMutablePointer<ColorMapObject>) throws -> Void) throws {
        var size = 2
        while size < palette.count { size *= 2 }
        var colours = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in palette.enumerated() { colours[i] = GifColorType(Red: c.red, Green: c.green, Blue: c.blue) }
        guard let map = colours.withUnsafeBufferPointer({ GifMakeMapObject(Int32(size), $0.baseAddress) }) else {
            throw MediaError(.encodingFailed, file: destination, "out of memory making the GIF palette")
        }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    private static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
