public import GlintMedia

/// A request for Activity Rings that the renderer refuses, or an output it cannot write.
///
/// Every refusal names the rule or limit it enforces, in words a user can act on. Callers switch
/// on ``kind``; they never parse ``problem``.
public struct RingsError: FileProblem, Sendable, Equatable {
    /// What was refused.
    public enum Kind: String, Sendable, Codable {
        /// A progress value is negative, not a number, infinite, too large, or has a goal <= 0.
        case invalidProgress
        /// The canvas is smaller than 16 px or larger than 8192 px.
        case invalidSize
        /// The scale is not 1, 2 or 3 pixels per point.
        case invalidScale
        /// The margin fraction is outside what the renderer accepts.
        case invalidMargin
        /// A caller tried to change the rings' colours.
        case colourOverride
        /// The output format cannot hold what was asked (for example a circle in a JPEG).
        case unsupportedOutput
    }

    /// The category of the refusal.
    public var kind: Kind
    /// The output path concerned, if any.
    public var file: String?
    /// A one-line explanation, without the file name.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, file: String? = nil, _ problem: String) {
        self.kind = kind
        self.file = file
        self.problem = problem
    }

    /// The refusal every colour override gets, citing the rule.
    public static func colourOverride(_ what: String) -> RingsError {
        RingsError(
            .colourOverride,
            "\(what) is refused: Activity Rings keep the Activity app's colours (spec: \"Never change the rings' colours: no filters, no opacity changes, no tinting\")"
        )
    }
}

extension RingsError {
    public var kindName: String { kind.rawValue }
    /// Every refusal is the request's fault: the same request is refused again.
    public var code: ErrorCode { .badParameters }
}
