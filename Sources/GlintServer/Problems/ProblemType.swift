import HTTPTypes

/// The stable `type` of a problem response: `https://glint.dev/problems/<slug>`.
public enum ProblemType: String, Sendable, CaseIterable {
    case unauthorized
    case notFound = "not-found"
    case invalidJSON = "invalid-json"
    case invalidParameters = "invalid-parameters"
    case unknownKind = "unknown-kind"
    case inputTooLarge = "input-too-large"
    case payloadTooLarge = "payload-too-large"
    case uploadIncomplete = "upload-incomplete"
    case invalidName = "invalid-name"
    case methodNotAllowed = "method-not-allowed"
    case conflict
    case rangeNotSatisfiable = "range-not-satisfiable"
    case shareExpired = "share-expired"
    case shareRevoked = "share-revoked"
    case quotaExceeded = "quota-exceeded"
    case rateLimited = "rate-limited"
    case callbackRefused = "callback-refused"
    case queueNotAllowed = "queue-not-allowed"
    case serverBusy = "server-busy"
    case `internal`

    /// The URI clients match on.
    public var uri: String { "https://glint.dev/problems/\(rawValue)" }

    /// The HTTP status the problem is sent with.
    public var status: HTTPResponse.Status {
        switch self {
        case .unauthorized: .unauthorized
        case .notFound: .notFound
        case .invalidJSON, .uploadIncomplete, .invalidName: .badRequest
        case .invalidParameters, .unknownKind, .inputTooLarge, .callbackRefused: .unprocessableContent
        case .payloadTooLarge: .contentTooLarge
        case .methodNotAllowed: .methodNotAllowed
        case .conflict: .conflict
        case .rangeNotSatisfiable: .rangeNotSatisfiable
        case .shareExpired, .shareRevoked: .gone
        case .quotaExceeded, .rateLimited: .tooManyRequests
        case .queueNotAllowed: .forbidden
        case .serverBusy: .serviceUnavailable
        case .internal: .internalServerError
        }
    }

    /// A short, fixed summary.
    public var title: String {
        switch self {
        case .unauthorized: "Missing or invalid API key"
        case .notFound: "Not found"
        case .invalidJSON: "The body is not valid JSON"
        case .invalidParameters: "Invalid parameters"
        case .unknownKind: "Unknown job kind"
        case .inputTooLarge: "Input over the service's limits"
        case .payloadTooLarge: "Payload too large"
        case .uploadIncomplete: "Upload incomplete"
        case .invalidName: "Invalid name"
        case .methodNotAllowed: "Method not allowed"
        case .conflict: "Conflict"
        case .rangeNotSatisfiable: "Range not satisfiable"
        case .shareExpired: "Share expired"
        case .shareRevoked: "Share revoked"
        case .quotaExceeded: "Over a limit of the API key"
        case .rateLimited: "Too many requests with the API key"
        case .callbackRefused: "Callback URL refused by the egress policy"
        case .queueNotAllowed: "Queue not allowed for the API key"
        case .serverBusy: "The server is busy"
        case .internal: "Internal server error"
        }
    }
}
