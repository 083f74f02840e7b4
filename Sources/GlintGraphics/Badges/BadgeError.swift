public import GlintMedia

/// An error from drawing, placing, compositing or checking a badge.
///
/// Like ``GlintMedia/MediaError`` it names the file concerned (the photo or the artwork) and
/// says what is wrong in words a user can act on; callers switch on ``kind``.
public struct BadgeError: FileProblem, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: String, Sendable, Codable {
        /// The artwork cannot be used: an SVG that does not parse or render, a PNG of no size.
        case invalidArtwork
        /// The image is too small for the smallest legal badge with its clear space.
        case imageTooSmall
        /// The badges asked for do not fit the image together with their clear space.
        case doesNotFit
        /// A parameter is invalid (a contradictory option, an empty list of kinds).
        case invalidArgument
        /// The image is not a JPEG, HEIC or PNG.
        case unsupported
        /// `--check` found no badge in any corner.
        case notFound
        /// Cairo or librsvg failed while drawing.
        case renderFailed
    }

    /// The category of the failure.
    public var kind: Kind
    /// The path of the file concerned, if any.
    public var file: String?
    /// A one-line explanation, without the file name.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, file: String? = nil, _ problem: String) {
        self.kind = kind
        self.file = file
        self.problem = problem
    }
}

extension BadgeError {
    public var kindName: String { kind.rawValue }

    /// Options that contradict each other are `bad-parameters`, a failed drawing may work another
    /// time, and everything else is about the picture or artwork given (`invalid-input`).
    public var code: ErrorCode {
        switch kind {
        case .invalidArgument: .badParameters
        case .renderFailed: .handlerFailed
        case .invalidArtwork, .imageTooSmall, .doesNotFit, .unsupported, .notFound: .invalidInput
        }
    }
}
