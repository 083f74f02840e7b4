public import GlintMedia

/// One drawing of the Activity Rings written to a file, as `glint rings` and the `rings.render`
/// job make it: rendered, encoded as PNG or JPEG, and written atomically.
///
/// The format is checked against the canvas when the value is made, before any drawing: JPEG
/// cannot hold a circle canvas (``RingsOutputFormat/canHold(_:)``).
public struct ActivityRingsFile: Sendable {
    /// A step of ``write(phaseDone:)``, in order (for timing).
    public enum Phase: String, Sendable, CaseIterable {
        /// Drawing the rings.
        case render
        /// Encoding the drawing.
        case encode
        /// Writing the file.
        case write
    }

    /// What was written.
    public struct Written: Sendable {
        /// The drawing, with its geometry and corrections.
        public var rendered: RenderedActivityRings
        /// The size of the file in bytes.
        public var bytes: Int
    }

    /// What is drawn.
    public let request: ActivityRingsRequest
    /// The file format.
    public let format: RingsOutputFormat
    /// Where the file goes (replaced atomically if it exists).
    public let path: String
    /// How a PNG is compressed.
    public let pngCompression: PNGEncoder.Compression

    /// Creates the operation, checking that `format` can hold the request's canvas.
    /// - Throws: ``RingsError`` `.unsupportedOutput` naming `path` for a circle canvas as JPEG.
    public init(
        request: ActivityRingsRequest, format: RingsOutputFormat, path: String,
        pngCompression: PNGEncoder.Compression = ActivityRingsWriter.defaultPNGCompression
    ) throws {
        guard format.canHold(request.shape) else { throw RingsError.noTransparency(file: path) }
        self.request = request
        self.format = format
        self.path = path
        self.pngCompression = pngCompression
    }

    /// Renders the rings, encodes them and writes the file (a failure leaves no file).
    /// - Parameter phaseDone: Called as each ``Phase`` ends.
    /// - Throws: ``RingsError`` or ``MediaError`` naming ``path``.
    public func write(phaseDone: (Phase) -> Void = { _ in }) throws -> Written {
        let rendered = try ActivityRingsRenderer.render(request)
        phaseDone(.render)
        let encoded = try ActivityRingsWriter.encode(rendered.image, as: format, path: path, pngCompression: pngCompression)
        phaseDone(.encode)
        try MediaError.naming(path) { try AtomicFileWriter.write(encoded, to: path) }
        phaseDone(.write)
        return Written(rendered: rendered, bytes: encoded.count)
    }
}

extension RingsError {
    /// The refusal of a drawing with transparency (a circle canvas) as JPEG.
    static func noTransparency(file: String? = nil) -> RingsError {
        RingsError(
            .unsupportedOutput, file: file, "JPEG has no transparency, so the circle shape's rounded corners cannot be kept: write a PNG, or use --shape square"
        )
    }
}
