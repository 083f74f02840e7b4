import CHeif

extension MediaError {
    /// The error for a failed libheif call, with no file (callers attach the path).
    ///
    /// The kind follows libheif's category: data that ends early is `.truncated`, other invalid
    /// input and decoder failures `.corrupt`, unsupported files and features `.unsupported`,
    /// security limits and failed allocations `.tooLarge`, encoder failures `.encodingFailed`.
    /// - Parameters:
    ///   - heif: What libheif returned (its message is copied).
    ///   - action: What was being done, completing "cannot ..." (e.g. "decode the HEIC image").
    init(heif error: heif_error, action: String) {
        // libheif's messages can span lines; an error is one line.
        let detail = (error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let kind: Kind
        switch error.code {
        case heif_error_Input_does_not_exist:
            kind = .notFound
        case heif_error_Invalid_input:
            kind = error.subcode == heif_suberror_End_of_data ? .truncated : .corrupt
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
            kind = .unsupported
        case heif_error_Memory_allocation_error:
            kind = .tooLarge
        case heif_error_Decoder_plugin_error:
            kind = .corrupt
        case heif_error_Encoder_plugin_error, heif_error_Encoding_error:
            kind = .encodingFailed
        case heif_error_Usage_error:
            kind = .invalidArgument
        default:
            kind = .corrupt
        }
        let problem = kind == .truncated ? "cannot \(action): the data ends early (\(detail))" : "cannot \(action): \(detail)"
        self.init(error.subcode == heif_suberror_Security_limit_exceeded ? .tooLarge : kind, problem)
    }
}
