import Crypto
import Foundation
import GlintCore
import GlintQueue
import Hummingbird

/// `POST /v1/shares` (a signed, expiring link to one of the tenant's completed jobs; its renditions
/// job is submitted then) and `DELETE /v1/shares/{id}`.
struct SharesRoutes {
    let server: ServerContext

    struct Created: Encodable {
        var id: String
        var url: String
        var expiresAt: String
        /// Whether the link serves the files with their recording location (false unless asked).
        var keepLocation: Bool
    }

    func addRoutes(to group: RouterGroup<GlintRequestContext>) {
        group.post("shares", use: create)
        group.delete("shares/{id}", use: revoke)
    }

    @Sendable func create(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let body = try await JSONResponse.decode(JSONValue.self, from: request, context: context)
        let share = try ShareRequest(body)
        let job = try await server.job(share.job, tenant: tenant)
        guard job.state == .completed else {
            // Its renditions are made now, from its outputs: no page ever queues a job.
            throw Problem(.conflict, detail: "job \(job.id) is \(job.state.rawValue): a job can be shared once it has completed")
        }
        try await server.recordOutputs(of: job)
        let now = server.clock.now()
        let id = LowercaseHex.string((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        let token = ShareToken(shareID: id, expiresAt: now.addingTimeInterval(Double(share.expiresIn)), secret: server.shareSecret)
        try await server.store.insertShare(
            ShareRecord(id: id, tenant: tenant, job: job.id, createdAt: now, expiresAt: token.expiresAt, keepLocation: share.keepLocation))
        // The page's picture and the downloads (without location unless kept), made by a worker
        // before anyone opens the link.
        _ = try await server.submitRenditions(of: job, keepLocation: share.keepLocation)
        let created = Created(id: id, url: "/s/\(token)", expiresAt: Timestamp.string(from: token.expiresAt), keepLocation: share.keepLocation)
        return try JSONResponse.make(created, status: .created)
    }

    @Sendable func revoke(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let id = context.parameters.get("id") ?? ""
        guard try await server.store.revokeShare(id: id, tenant: tenant, at: server.clock.now()) != nil else { throw Problem.notFound("share \(id)") }
        return Response(status: .noContent)
    }
}
