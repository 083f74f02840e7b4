import Foundation
import GlintQueue
import Hummingbird

/// `POST /v1/blobs` (a streamed upload: hashed into a temporary file as it arrives, never held in
/// memory) and `HEAD /v1/blobs/{id}`.
struct BlobsRoutes {
    let server: ServerContext

    struct Created: Encodable {
        var id: String
        var size: Int64
    }

    func addRoutes(to group: RouterGroup<GlintRequestContext>) {
        group.post("blobs", use: upload)
        group.head("blobs/{id}", use: head)
    }

    @Sendable func upload(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let limit = server.maxUploadBytes
        let declared = request.headers[.contentLength].flatMap { Int64($0) }
        if let declared, declared > limit {
            throw Self.tooLarge(limit)
        }
        // The storage quota: checked against the announced size first, then as the bytes come.
        let quotas = TenantQuotas(server: server)
        let room = try await quotas.storageRoom(tenant: tenant, limits: context.limits)
        if let room, room <= 0 || (declared ?? 0) > room {
            throw quotas.storageExceeded(tenant: tenant, room: room, adding: declared ?? 0, limits: context.limits)
        }
        let staging = try BlobUpload(store: server.blobs)
        defer { staging.discard() }
        do {
            for try await chunk in request.body {
                let size = staging.size + Int64(chunk.readableBytes)
                if size > limit { throw Self.tooLarge(limit) }
                if let room, size > room { throw quotas.storageExceeded(tenant: tenant, room: room, adding: size, limits: context.limits) }
                try await staging.append(chunk.readableBytesView)
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            context.logger.info("upload cut off", metadata: ["received": "\(staging.size)", "error": "\(error)"])
            throw Problem(.uploadIncomplete, detail: "the upload ended after \(staging.size) bytes" + (declared.map { " of the \($0) announced" } ?? ""))
        }
        if let declared, staging.size != declared {
            throw Problem(.uploadIncomplete, detail: "the upload ended after \(staging.size) bytes of the \(declared) announced")
        }
        let size = staging.size
        let id = try await staging.publish()
        try await server.store.recordBlob(BlobOwnership(tenant: tenant, blob: id, size: size, createdAt: server.clock.now()))
        context.logger.debug("blob uploaded", metadata: ["blob": "\(id)", "size": "\(size)"])
        return try JSONResponse.make(Created(id: id.hex, size: size), status: .created, headers: [.location: "/v1/blobs/\(id.hex)"])
    }

    @Sendable func head(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let text = context.parameters.get("id") ?? ""
        guard let id = BlobID(text), try await server.store.blob(id, tenant: tenant) != nil, let size = server.blobs.size(of: id) else {
            return Response(status: .notFound, headers: [.contentType: "application/problem+json"])
        }
        return Response(status: .ok, headers: [.contentLength: String(size), .contentType: "application/octet-stream", .eTag: "\"\(id.hex)\""])
    }

    static func tooLarge(_ limit: Int64) -> Problem {
        Problem(.payloadTooLarge, detail: "uploads may be at most \(limit) bytes")
    }
}
