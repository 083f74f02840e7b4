import CFFmpeg

/// Keeps the swscale contexts a converter has set up, one per configuration, and frees them.
///
/// Setting up a context (filters, colour tables) costs far more than a small frame's
/// conversion, and a movie converts every frame with the same configuration, so contexts are
/// created once (with `sws_getCachedContext`) and reused. At most ``capacity`` are kept.
/// Not `Sendable`; owned by one converter.
final class SwsContextCache {
    /// Everything that distinguishes one swscale set-up from another.
    struct Key: Hashable {
        var sourceWidth: Int
        var sourceHeight: Int
        var sourceFormat: Int32
        var destinationWidth: Int
        var destinationHeight: Int
        var destinationFormat: Int32
        var flags: Int32
        /// `SWS_CS_*` matrix and full-range flag of the source (ignored for RGB).
        var sourceMatrix: Int32 = SWS_CS_ITU709
        var sourceFullRange: Bool = true
        /// `SWS_CS_*` matrix and full-range flag of the destination (ignored for RGB).
        var destinationMatrix: Int32 = SWS_CS_ITU709
        var destinationFullRange: Bool = true
    }

    /// The most contexts kept; beyond it the cache starts again.
    let capacity = 8
    private var contexts: [Key: OpaquePointer] = [:]

    deinit {
        for context in contexts.values { sws_freeContext(context) }
    }

    /// The context for `key`, created on first use.
    /// - Throws: ``MediaError`` (`.invalidArgument`) when swscale rejects the configuration.
    func context(for key: Key) throws -> OpaquePointer {
        try MediaLibraries.requireFFmpeg()
        if let context = contexts[key] { return context }
        if contexts.count >= capacity {
            for context in contexts.values { sws_freeContext(context) }
            contexts.removeAll()
        }
        guard
            let context = sws_getCachedContext(
                nil,
                Int32(clamping: key.sourceWidth), Int32(clamping: key.sourceHeight), AVPixelFormat(rawValue: key.sourceFormat),
                Int32(clamping: key.destinationWidth), Int32(clamping: key.destinationHeight),
                AVPixelFormat(rawValue: key.destinationFormat),
                key.flags, nil, nil, nil
            )
        else {
            throw MediaError(
                .invalidArgument,
                "cannot convert \(key.sourceWidth)x\(key.sourceHeight) \(Self.name(key.sourceFormat)) to "
                    + "\(key.destinationWidth)x\(key.destinationHeight) \(Self.name(key.destinationFormat))"
            )
        }
        let status = sws_setColorspaceDetails(
            context,
            sws_getCoefficients(key.sourceMatrix), key.sourceFullRange ? 1 : 0,
            sws_getCoefficients(key.destinationMatrix), key.destinationFullRange ? 1 : 0,
            0, 1 << 16, 1 << 16
        )
        // swscale refuses colour details for RGB-to-RGB set-ups; they do not apply there.
        _ = status
        contexts[key] = context
        return context
    }

    /// FFmpeg's name for a pixel format.
    private static func name(_ format: Int32) -> String {
        guard let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: format)) else { return "format \(format)" }
        return String(cString: name)
    }
}
