import CRsvg
import GlintMedia

/// Renders SVG documents with librsvg into cairo image surfaces at an exact pixel size.
///
/// Every librsvg and cairo object is released on every path (parse errors included); GLib
/// errors become ``BadgeError``s carrying librsvg's message. librsvg reports failures by return
/// value, never by exiting, so hostile SVGs cannot take the process down. Safe to call from any
/// thread: each call uses its own handle and surface.
///
/// librsvg and cairo are not linked: they (and the ~45 libraries they bring) are opened with
/// `dlopen` the first time an SVG is parsed (`Sources/CRsvg`), so a command that draws no SVG
/// (a badge from PNG artwork, rings, inspect, edit) never loads them. When they cannot be loaded
/// the caller gets a ``BadgeError`` `.renderFailed` saying so, not a crash.
public enum SVGRasteriser {
    /// Largest SVG document accepted, in bytes.
    public static let maximumDocumentSize = 16 << 20
    /// Largest rendering, per side, in pixels.
    public static let maximumSide = 16_384

    /// Whether this process has loaded librsvg and cairo (loads nothing).
    public static var isLibraryLoaded: Bool { crsvg_is_loaded() != 0 }

    /// Loads librsvg and cairo if they are not loaded yet (thread-safe; afterwards this costs one
    /// atomic load).
    /// - Throws: ``BadgeError`` `.renderFailed` ("librsvg (librsvg-2.so.2) cannot be loaded: ...")
    ///   when a library cannot be opened or lacks a function Glint calls.
    public static func requireLibrary(file: String? = nil) throws {
        guard crsvg_load() == 0 else { return }
        let reason = crsvg_load_error().map { String(cString: $0) } ?? "unknown reason"
        throw BadgeError(
            .renderFailed, file: file,
            "librsvg (\(String(cString: crsvg_soname()))), which draws SVG artwork, "
                + "cannot be loaded: \(reason) (install librsvg2-2 and libcairo2)")
    }

    /// The document's intrinsic size in pixels (its `width`/`height`, else its `viewBox`).
    /// - Throws: ``BadgeError`` `.invalidArtwork` when it does not parse or has no usable size.
    public static func intrinsicSize(of svg: [UInt8], file: String? = nil) throws -> (width: Double, height: Double) {
        try withHandle(svg, file: file) { handle in
            var width = 0.0
            var height = 0.0
            if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 {
                return (width, height)
            }
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0, viewBox.width.isFinite, viewBox.height.isFinite else {
                throw BadgeError(.invalidArtwork, file: file, "the SVG has neither a size nor a viewBox, so its proportions are unknown")
            }
            return (viewBox.width, viewBox.height)
        }
    }

    /// Renders the whole document into exactly `width` x `height` pixels (the drawing is fitted
    /// as the document's `preserveAspectRatio` says), as straight-alpha sRGB RGBA.
    /// - Throws: ``BadgeError`` `.invalidArtwork` for a document librsvg cannot parse or render,
    ///   `.invalidArgument` for a size out of range, `.renderFailed` when cairo fails.
    public static func render(_ svg: [UInt8], width: Int, height: Int, file: String? = nil) throws -> RGBAImage {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw BadgeError(.invalidArgument, file: file, "cannot render an SVG at \(width)x\(height) pixels (1 to \(maximumSide) per side)")
        }
        return try withHandle(svg, file: file) { handle in
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
                throw BadgeError(.renderFailed, file: file, "cairo could not create a \(width)x\(height) surface")
            }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), file: file)
            guard let context = cairo_create(surface) else {
                throw BadgeError(.renderFailed, file: file, "cairo could not create a drawing context")
            }
            defer { cairo_destroy(context) }
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            var error: UnsafeMutablePointer<GError>?
            let rendered = rsvg_handle_render_document(handle, context, &viewport, &error)
            if let message = consume(error) {
                throw BadgeError(.invalidArtwork, file: file, "librsvg cannot render the SVG: \(message)")
            }
            guard rendered != 0 else { throw BadgeError(.invalidArtwork, file: file, "librsvg cannot render the SVG") }
            try check(cairo_status(context), file: file)
            cairo_surface_flush(surface)
            return try straightRGBA(surface, width: width, height: height, file: file)
        }
    }

    /// Parses `svg` into a handle, runs `body` with it and releases it (loading librsvg first).
    private static func withHandle<T>(_ svg: [UInt8], file: String?, _ body: (OpaquePointer) throws -> T) throws -> T {
        guard !svg.isEmpty else { throw BadgeError(.invalidArtwork, file: file, "the SVG file is empty") }
        guard svg.count <= maximumDocumentSize else {
            throw BadgeError(.invalidArtwork, file: file, "the SVG is \(svg.count) bytes, more than the \(maximumDocumentSize) accepted")
        }
        try requireLibrary(file: file)
        var error: UnsafeMutablePointer<GError>?
        let handle = svg.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        if let message = consume(error) {
            if let handle { g_object_unref(UnsafeMutableRawPointer(handle)) }
            throw BadgeError(.invalidArtwork, file: file, "the SVG does not parse: \(message)")
        }
        guard let handle else { throw BadgeError(.invalidArtwork, file: file, "the SVG does not parse") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        return try body(handle)
    }

    /// The message of a GLib error, freeing it; `nil` when there is none.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        guard let message = error.pointee.message else { return "no message" }
        return String(cString: message).split(separator: "\n").joined(separator: " ")
    }

    private static func check(_ status: cairo_status_t, file: String?) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
            throw BadgeError(.renderFailed, file: file, "cairo failed: \(reason)")
        }
    }

    /// Converts cairo's premultiplied native-endian ARGB32 (B, G, R, A bytes on little-endian
    /// machines) to straight-alpha RGBA.
    private static func straightRGBA(_ surface: OpaquePointer, width: Int, height: Int, file: String?) throws -> RGBAImage {
        guard let data = cairo_image_surface_get_data(surface) else {
            throw BadgeError(.renderFailed, file: file, "cairo gave no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let argb = row[x]
                    let a = Int(argb >> 24)
                    let r = Int((argb >> 16) & 0xFF)
                    let g = Int((argb >> 8) & 0xFF)
                    let b = Int(argb & 0xFF)
                    let o = (y * width + x) * 4
                    guard a > 0 else { continue }
                    if a == 255 {
                        out[o] = UInt8(r)
                        out[o + 1] = UInt8(g)
                        out[o + 2] = UInt8(b)
                    } else {
                        out[o] = UInt8(min(255, (r * 255 + a / 2) / a))
                        out[o + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                        out[o + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                    }
                    out[o + 3] = UInt8(a)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
