import Foundation
import GlintQueue
import Hummingbird
import Logging

/// The handlers behind `/` and `/dashboard/...`, for a viewer already signed in (``PageAccess``):
/// each shows what the viewer's key may see, and nothing else.
struct DashboardRoutes<Source: PageDataSource>: Sendable {
    let source: Source
    let now: @Sendable () -> Date
    let logger: Logger

    /// `GET /`.
    func page(viewer: PageViewer) async -> Response {
        do {
            let data = try await DashboardData.load(from: source, for: viewer, now: now())
            var response = PageHeaders.html(DashboardPage(data: data, viewer: viewer).render())
            response.headers[PageHeaders.referrerPolicy] = SameOriginCheck.formPagesReferrerPolicy
            return response
        } catch {
            logger.error("dashboard data unavailable", metadata: ["error": "\(error)"])
            return ShareUnavailablePage.failed.response
        }
    }

    /// `GET /dashboard/data.json`.
    func data(viewer: PageViewer) async -> Response {
        do {
            let data = try await DashboardData.load(from: source, for: viewer, now: now())
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

    /// `GET /dashboard/jobs/{id}/thumbnail`: the thumbnail the job's renditions made, if the viewer
    /// may see the job (another tenant's job is 404, as if it did not exist).
    func thumbnail(job text: String, viewer: PageViewer, request: Request, context: some RequestContext) async -> Response {
        guard let id = JobID(text) else { return Response(status: .notFound) }
        do {
            guard let file = try await source.thumbnail(job: id, tenant: viewer.scope) else { return Response(status: .notFound) }
            return try await FileResponses.stored(file, request: request, context: context)
        } catch {
            logger.error("thumbnail unreadable", metadata: ["job": "\(id)", "error": "\(error)"])
            return Response(status: .notFound)
        }
    }
}
