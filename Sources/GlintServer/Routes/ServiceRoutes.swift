import Foundation
import GlintQueue
import Hummingbird
import Prometheus

/// The routes that need no key: `/health/live`, `/health/ready`, `/metrics` and `/openapi.yaml`.
struct ServiceRoutes {
    let server: ServerContext
    /// The registry the process bootstrapped as its metrics backend; nil: `/metrics` is empty.
    let metrics: PrometheusCollectorRegistry?

    struct Health: Encodable {
        var status: String
        var detail: String?
    }

    func addRoutes(to router: Router<GlintRequestContext>) {
        router.get("health/live") { _, _ in try JSONResponse.make(Health(status: "ok")) }
        router.get("health/ready", use: ready)
        router.get("metrics") { [metrics] _, _ -> Response in
            var buffer: [UInt8] = []
            metrics?.emit(into: &buffer)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: buffer)))
        }
        let document = OpenAPIDocument.text(kinds: server.handlers.kinds)
        router.get("openapi.yaml") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
        }
    }

    @Sendable func ready(_ request: Request, context: GlintRequestContext) async throws -> Response {
        do {
            _ = try await server.jobs.job(JobID(), tenant: nil)
            try await server.store.ping()
            return try JSONResponse.make(Health(status: "ok"))
        } catch {
            context.logger.warning("not ready", metadata: ["error": "\(error)"])
            return try JSONResponse.make(Health(status: "unavailable", detail: "a store does not answer"), status: .serviceUnavailable)
        }
    }
}

/// The OpenAPI 3.1 document (`Resources/openapi.yaml`), with `JobRequest.kind`'s enum filled in
/// from the server's registry: the kinds the server takes are listed in one place, the registry.
enum OpenAPIDocument {
    /// The line in `Resources/openapi.yaml` that stands for the list of kinds.
    static let kindsPlaceholder = "enum: []  # the server's job kinds, filled in when served"

    /// The resource as it is in the bundle.
    static let template: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "openapi: 3.1.0\ninfo: {title: Glint, version: '1'}\npaths: {}\n" }
        return text
    }()

    /// The document a server with `kinds` serves.
    static func text(kinds: [JobKind]) -> String {
        template.replacingOccurrences(of: kindsPlaceholder, with: "enum: [\(kinds.map(\.rawValue).joined(separator: ", "))]")
    }
}
