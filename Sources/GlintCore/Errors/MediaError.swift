/// An error from reading, decoding, encoding or writing media.
///
/// Every error names the file it concerns (when there is one) and says what is wrong in words a
/// user can act on. Callers switch on ``kind``; they never parse ``problem``.
public struct MediaError: FileProblem, Sendable, Equatable {
    /// What went wrong, as a category a caller can act on.
    public enum Kind: String, Sendable, Codable {
        /// The file does not exist.
        case notFound
        /// The file exists but could not be read.
        case unreadable
        /// The file is empty.
        case empty
        /// The file ends before its own structure says it should.
        case truncated
        /// The file's structure is invalid.
        case corrupt
        /// The file is valid but uses something this build does not handle.
        case unsupported
        /// The file describes dimensions or sizes beyond the configured limits.
        case tooLarge
        /// A parameter passed by the caller is invalid.
        case invalidArgument
        /// An encoder failed.
        case encodingFailed
        /// An output could not be written.
        case writeFailed
    }

    /// The category of the failure.
    public var kind: Kind
    /// The path of the file concerned, if any.
    public var file: String?
    /// A one-line explanation, without the file name.
    public var problem: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: The category of the failure.
    ///   - file: The path of the file concerned, if any.
    ///   - problem: A one-line explanation, without the file name.
    public init(_ kind: Kind, file: String? = nil, _ problem: String) {
        self.kind = kind
        self.file = file
        self.problem = problem
    }
}

extension MediaError: GlintError {
    public var kindName: String { kind.rawValue }

    /// A caller's mistake is `bad-parameters`; a file that cannot be used is `invalid-input` (the
    /// same bytes always fail the same way); a failed encoder or write may work another time.
    public var code: ErrorCode {
        switch kind {
        case .invalidArgument: .badParameters
        case .notFound, .unreadable, .empty, .truncated, .corrupt, .unsupported, .tooLarge: .invalidInput
        case .encodingFailed, .writeFailed: .handlerFailed
        }
    }
}
