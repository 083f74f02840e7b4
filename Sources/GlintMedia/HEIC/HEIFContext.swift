import CHeif

/// A libheif context: one parsed (or being written) HEIF file, owning its `heif_context`.
///
/// Not thread-safe: a context is used by one thread at a time. ``HEICStill`` therefore keeps the
/// file's bytes, not a context, and opens a fresh context for each decode.
final class HEIFContext {
    let pointer: OpaquePointer
    /// The file being read, owned here because libheif reads it in place for the context's life.
    private var fileBytes: UnsafeMutableRawBufferPointer?

    /// An empty context, to encode into.
    init() throws {
        try HEIFLibrary.ensureInitialised()
        guard let context = heif_context_alloc() else {
            throw MediaError(.tooLarge, "cannot allocate a libheif context")
        }
        pointer = context
    }

    /// Parses the HEIF structure of `bytes` (boxes, items, properties; no pixels are decoded).
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - limits: Images wider or taller than these are refused by libheif itself too.
    /// - Throws: ``MediaError`` (no file) from libheif's verdict on the structure.
    convenience init(reading bytes: [UInt8], limits: ImageLimits) throws {
        try self.init()
        heif_context_set_maximum_image_size_limit(pointer, Int32(clamping: max(limits.maxWidth, limits.maxHeight)))
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        copy.copyBytes(from: bytes)
        fileBytes = copy
        try HEIFLibrary.check(
            heif_context_read_from_memory_without_copy(pointer, copy.baseAddress, bytes.count, nil),
            "read the HEIF structure")
    }

    deinit {
        heif_context_free(pointer)
        fileBytes?.deallocate()
    }

    /// The primary image.
    func primaryImage() throws -> HEIFImageHandle {
        var handle: OpaquePointer?
        try HEIFLibrary.check(heif_context_get_primary_image_handle(pointer, &handle), "find the primary image")
        guard let handle else { throw MediaError(.corrupt, "the HEIF file has no primary image") }
        return HEIFImageHandle(handle, context: self)
    }

    /// The complete file, serialised into memory.
    func write() throws -> [UInt8] {
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        var writer = heif_writer(writer_api_version: 1) { _, data, size, userdata in
            guard let userdata else { return cheif_write_failed() }
            let sink = Unmanaged<Sink>.fromOpaque(userdata).takeUnretainedValue()
            if size > 0, let data {
                sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
            }
            return cheif_ok()
        }
        let error = withExtendedLifetime(sink) {
            heif_context_write(pointer, &writer, Unmanaged.passUnretained(sink).toOpaque())
        }
        try HEIFLibrary.check(error, "write the HEIC file")
        return sink.bytes
    }
}
