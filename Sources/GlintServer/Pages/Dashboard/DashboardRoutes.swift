import Foundation
import GlintQueue
import Hummingbird
import Logging

/// The handlers behind `/` and `/dashboard/...`.
struct DashboardRoutes<Source: PageDataSource>: Sendable {
    let source: Source
    let now: @Sendable () -> Date
    let logger: Logger

    /// `GET /`.
    func page() async -> Response {
        do {
            let data = try await DashboardData.load(from: source, now: now())
            return PageHeaders.html(DashboardPage(data: data).render())
        } catch {
            logger.error("dashboard data unavailable", metadata: ["error": "\(error)"])
            return ShareUnavailablePage.failed.response
        }
    }

    /// `GET /dashboard/data.json`.
    func data() async -> Response {
        do {
            let data = try await DashboardData.load(from: source, now: now())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .cacheControl: "no-store", PageHeaders.contentTypeOptions: "nosniff"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(data))))
        } catch {
            logger.error("dashboard data unavailable", metadata: ["error": "\(error)"])
            return Response(
                status: .internalServerError, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"the dashboard's data could not be read"}"#)))
        }
    }

    /// `GET /dashboard/jobs/{id}/thumbnail`: the job's image output.
    func thumbnail(job text: String, request: Request, context: some RequestContext) async -> Response {
        guard let id = JobID(text) else { return Response(status: .notFound) }
        do {
            guard let file = try await source.thumbnail(job: id) else { return Response(status: .notFound) }
            return try await FileResponses.stored(file, request: request, context: context)
        } catch {
            logger.error("thumbnail unreadable", metadata: ["job": "\(id)", "error": "\(error)"])
            return Response(status: .notFound)
        }
    }
}
