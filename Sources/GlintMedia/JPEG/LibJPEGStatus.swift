internal import CJPEGTurbo

/// Turns a status and message from the CJPEGTurbo shim into a ``MediaError``.
enum LibJPEGStatus {
    /// Returns nil for success, otherwise the error the status stands for.
    /// - Parameters:
    ///   - status: The shim's status.
    ///   - message: The shim's message buffer, NUL-terminated.
    ///   - failureKind: The kind for failures the shim could not classify more precisely.
    static func error(
        for status: cjpeg_status,
        message: UnsafePointer<CChar>,
        failureKind: MediaError.Kind = .encodingFailed
    ) -> MediaError? {
        let detail = String(cString: message)
        func described(_ fallback: String) -> String {
            detail.isEmpty ? fallback : "\(fallback): \(detail)"
        }
        switch status {
        case CJPEG_STATUS_OK:
            return nil
        case CJPEG_STATUS_EMPTY:
            return MediaError(.empty, "JPEG data is empty")
        case CJPEG_STATUS_TRUNCATED:
            return MediaError(.truncated, described("JPEG data ends before the image does"))
        case CJPEG_STATUS_CORRUPT:
            return MediaError(.corrupt, described("invalid JPEG data"))
        case CJPEG_STATUS_UNSUPPORTED:
            return MediaError(.unsupported, described("unsupported JPEG"))
        case CJPEG_STATUS_TOO_LARGE:
            return MediaError(.tooLarge, described("JPEG image too large"))
        case CJPEG_STATUS_INVALID_ARGUMENT:
            return MediaError(.invalidArgument, described("invalid JPEG parameter"))
        default:
            return MediaError(failureKind, described("JPEG coding failed"))
        }
    }
}
