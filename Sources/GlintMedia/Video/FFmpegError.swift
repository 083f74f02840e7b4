import CFFmpeg

/// Helpers that turn FFmpeg's negative return codes into ``MediaError``s.
enum FFmpegError {
    /// FFmpeg's own text for an error code (for example "Invalid data found when processing input").
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "FFmpeg error \(code)"
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A ``MediaError`` for `code`, returned by the operation described in `what`.
    /// - Parameters:
    ///   - code: The negative FFmpeg return code.
    ///   - what: What was being done, for example "decoding an H.264 packet".
    ///   - kind: The kind to use unless the code says the data is invalid or memory ran out.
    ///   - file: The file concerned, if any.
    static func error(_ code: Int32, _ what: String, kind: MediaError.Kind, file: String? = nil) -> MediaError {
        let effectiveKind: MediaError.Kind
        if code == cffmpeg_error_invaliddata() {
            effectiveKind = kind == .encodingFailed ? kind : .corrupt
        } else {
            effectiveKind = kind
        }
        return MediaError(effectiveKind, file: file, "\(what) failed: \(message(code))")
    }
}
