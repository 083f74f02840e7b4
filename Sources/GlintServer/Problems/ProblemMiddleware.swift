import Foundation
import GlintQueue
import Hummingbird
import Logging

/// Turns every error a route throws into an `application/problem+json` response: a `Problem` as
/// it is, Hummingbird's `HTTPError`s (404 for unknown routes, 413 ...) by status, queue errors by
/// kind, and anything else as a logged 500 `internal` problem that reveals nothing.
public struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, request: request)
            if problem.type == .internal {
                context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
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
        case let error as JobQueueError:
            switch error.kind {
            case .invalidSubmission: return Problem(.invalidParameters, detail: error.problem)
            case .jobNotFound: return Problem(.notFound, detail: error.problem)
            case .invalidState: return Problem(.conflict, detail: error.problem)
            default: return Problem(.internal, detail: "the job store failed")
            }
        case is DecodingError:
            return Problem(.invalidJSON, detail: "the body does not match the expected JSON")
        default:
            return Problem(.internal, detail: "the request could not be handled")
        }
    }
}
