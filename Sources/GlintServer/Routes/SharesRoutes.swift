import Crypto
import Foundation
import GlintCore
import GlintQueue
import Hummingbird

/// `POST /v1/shares` (a signed, expiring link to one of the tenant's completed jobs; its renditions
/// job is submitted then) and `DELETE /v1/shares/{id}`.
struct SharesRoutes {
    let server: ServerContext

    /// Shares last at most 90 days; one week unless asked.
    static let expiryRange: ClosedRange<Int64> = 60...(90 * 86400)
    static let defaultExpiry: Int64 = 604_800

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
        guard let object = body.object else {
            throw Problem(.invalidParameters, detail: "a share is {\"job\": \"<id>\", \"expiresIn\": seconds, \"keepLocation\": false}")
        }
        if let unknown = object.keys.filter({ !["job", "expiresIn", "keepLocation"].contains($0) }).sorted().first {
            throw Problem(.invalidParameters, detail: "unknown key \"\(unknown)\" (a share has job, expiresIn, keepLocation)")
        }
        guard case .string(let jobText)? = object["job"] else { throw Problem(.invalidParameters, detail: "\"job\" must be a job id") }
        var expiresIn = Self.defaultExpiry
        switch object["expiresIn"] {
        case nil, .null?: break
        case .integer(let value)? where Self.expiryRange.contains(value): expiresIn = value
        default:
            throw Problem(
                .invalidParameters,
                detail: "\"expiresIn\" must be an integer number of seconds in \(Self.expiryRange.lowerBound)...\(Self.expiryRange.upperBound)")
        }
        let keepLocation = try Self.keepLocation(in: object)
        let job = try await server.job(jobText, tenant: tenant)
        guard job.state == .completed else {
            // Its renditions are made now, from its outputs: no page ever queues a job.
            throw Problem(.conflict, detail: "job \(job.id) is \(job.state.rawValue): a job can be shared once it has completed")
        }
        try await server.recordOutputs(of: job)
        let now = server.clock()
        let id = LowercaseHex.string((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        let token = ShareToken(shareID: id, expiresAt: now.addingTimeInterval(Double(expiresIn)), secret: server.shareSecret)
        try await server.store.insertShare(
            ShareRecord(id: id, tenant: tenant, job: job.id, createdAt: now, expiresAt: token.expiresAt, keepLocation: keepLocation))
        // The page's picture and the downloads (without location unless kept), made by a worker
        // before anyone opens the link.
        _ = try await server.submitRenditions(of: job, keepLocation: keepLocation)
        let created = Created(id: id, url: "/s/\(token)", expiresAt: Timestamp.string(from: token.expiresAt), keepLocation: keepLocation)
        return try JSONResponse.make(created, status: .created)
    }

    /// `keepLocation`: whether the link serves the job's files with their recording location
    /// (EXIF GPS, XMP places, QuickTime location keys); false when left out, so that a link never
    /// gives away where a photo was taken unless its owner says so.
    static func keepLocation(in object: [String: JSONValue]) throws -> Bool {
        switch object["keepLocation"] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw Problem(.invalidParameters, detail: "\"keepLocation\" must be true or false")
        }
    }

    @Sendable func revoke(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let id = context.parameters.get("id") ?? ""
        guard try await server.store.revokeShare(id: id, tenant: tenant, at: server.clock()) != nil else { throw Problem.notFound("share \(id)") }
        return Response(status: .noContent)
    }
}
