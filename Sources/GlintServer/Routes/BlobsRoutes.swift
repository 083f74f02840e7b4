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
        let staging = try BlobUploadStaging(blobs: server.blobs)
        defer { staging.discard() }
        do {
            for try await chunk in request.body {
                if staging.size + Int64(chunk.readableBytes) > limit { throw Self.tooLarge(limit) }
                try staging.append(chunk)
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
        let id = try staging.publish()
        try await server.store.recordBlob(BlobOwnership(tenant: tenant, blob: id, size: size, createdAt: server.clock()))
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
