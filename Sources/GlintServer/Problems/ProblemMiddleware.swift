import Foundation
import GlintCore
import Hummingbird
import Logging

/// Turns every error a route throws into an `application/problem+json` response: a `Problem` as
/// it is, Hummingbird's `HTTPError`s (404 for unknown routes, 413 ...) by status, queue errors by
/// code (``GlintCore/GlintError``), and anything else as a logged 500 `internal` problem that
/// reveals nothing.
public struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, request: request)
            if problem.type == .internal {
                context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(RequestPathRedaction.loggedPath(request.uri.path))"])
            }
            return problem.response(instance: request.uri.path)
        }
    }

    static func problem(for error: any Error, request: Request) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as HTTPError:
            switch error.status {
            case .notFound: return Problem(.notFound, detail: "\(request.method) \(request.uri.path): no such resource")
            case .methodNotAllowed: return Problem(.methodNotAllowed, detail: "\(request.method) is not allowed on \(request.uri.path)")
            case .contentTooLarge: return Problem(.payloadTooLarge, detail: error.body ?? "the request body is too large")
            case .badRequest: return Problem(.invalidParameters, detail: error.body ?? "bad request")
            case .unauthorized: return Problem(.unauthorized, detail: error.body ?? "an API key is required")
            default: return Problem(.internal, detail: "the request could not be handled")
            }
        case let error as any GlintError:
            return problem(for: error)
        case is DecodingError:
            return Problem(.invalidJSON, detail: "the body does not match the expected JSON")
        default:
            return Problem(.internal, detail: "the request could not be handled")
        }
    }

    /// A Glint error by its code: the request's fault is told (invalid parameters, unknown kind,
    /// not found, conflict); a failure of the service is a 500 that reveals nothing.
    static func problem(for error: any GlintError) -> Problem {
        switch error.code {
        case .badParameters, .invalidInput, .missingInput: Problem(.invalidParameters, detail: error.message)
        case .unknownKind: Problem(.unknownKind, detail: error.message)
        case .inputTooLarge: Problem(.inputTooLarge, detail: error.message)
        case .notFound: Problem(.notFound, detail: error.message)
        case .conflict: Problem(.conflict, detail: error.message)
        default: Problem(.internal, detail: "the request could not be handled")
        }
    }
}
