import GlintCore

extension ErrorCode {
    /// The server refused the API key (HTTP 401): missing, unknown or revoked.
    public static let unauthorized: ErrorCode = "unauthorized"
}

/// What went wrong talking to a Glint server, in one line: a problem the server answered with
/// (its status and problem type kept), a request the client refused to send, or a transport
/// failure.
public struct RemoteJobsError: GlintError, Sendable {
    public var code: ErrorCode
    /// The server's problem type (`not-found`, `invalid-parameters` ...) or, for what the client met
    /// itself, `transport`, `invalid-response` or the code.
    public var kindName: String
    /// The HTTP status the server answered with; nil when it did not answer.
    public var status: Int?
    /// The file concerned (an upload), if any.
    public var file: String?
    public var description: String

    /// An error the client found itself (`kindName` is the code's name).
    public init(_ code: ErrorCode, _ description: String, kindName: String? = nil, file: String? = nil) {
        self.code = code
        self.kindName = kindName ?? code.rawValue
        self.file = file
        self.description = description
    }

    /// The server's answer as an error: 404 and 410 `not-found`, 409 `conflict`, 400, 413 and 422
    /// `bad-parameters` (422 `unknown-kind` for an unknown job kind), 401 `unauthorized`, and
    /// anything else (5xx) `unavailable`.
    init(status: Int, problemType: String?, description: String, file: String? = nil) {
        self.init(Self.code(status: status, problemType: problemType), description, kindName: problemType ?? "http-\(status)", file: file)
        self.status = status
    }

    /// A request that got no answer: the server could not be reached, or the connection failed.
    static func transport(_ description: String) -> RemoteJobsError {
        RemoteJobsError(.unavailable, description, kindName: "transport")
    }

    /// The key is refused on every try; a wrong request too; an unavailable server may come back.
    public var isPermanent: Bool { code == .unauthorized || code.isPermanentByDefault }

    private static func code(status: Int, problemType: String?) -> ErrorCode {
        switch status {
        case 401: .unauthorized
        case 404, 410: .notFound
        case 409: .conflict
        case 422 where problemType == "unknown-kind": .unknownKind
        case 400, 413, 416, 422: .badParameters
        default: .unavailable
        }
    }
}
