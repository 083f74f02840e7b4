import Foundation
import GlintQueue
import Hummingbird

/// `GET /v1/jobs/{id}/events`: server-sent events. A `progress` event (data: the job document)
/// whenever the job's state, attempt or progress changes, then one `completed`, `discarded` or
/// `cancelled` event and the end of the stream. A comment line every 15 s keeps proxies from
/// closing an idle stream.
struct JobEventsRoute {
    let server: ServerContext

    func addRoutes(to group: RouterGroup<GlintRequestContext>) {
        group.get("jobs/{id}/events", use: events)
    }

    /// What makes a new `progress` event.
    struct Snapshot: Equatable {
        var state: JobState
        var attempt: Int
        var progress: JobProgress?
    }

    @Sendable func events(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let first = try await server.job(context.parameters.get("id") ?? "", tenant: tenant)
        let server = self.server
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        let body = ResponseBody { writer in
            var job = first
            var last: Snapshot?
            var sinceWrite = Duration.zero
            while true {
                if job.state.isFinished {
                    try await server.recordOutputs(of: job)
                    try await writer.write(Self.event(job.state.rawValue, job, blobs: server.blobs))
                    break
                }
                let snapshot = Snapshot(state: job.state, attempt: job.attempt, progress: job.progress)
                if snapshot != last {
                    try await writer.write(Self.event("progress", job, blobs: server.blobs))
                    last = snapshot
                    sinceWrite = .zero
                } else if sinceWrite >= .seconds(15) {
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    sinceWrite = .zero
                }
                try await Task.sleep(for: server.eventPollInterval)
                sinceWrite += server.eventPollInterval
                // The job may be pruned while watched: end the stream rather than wait forever.
                guard let next = try await server.jobs.job(job.id, tenant: tenant) else { break }
                job = next
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    static func event(_ name: String, _ job: Job, blobs: any BlobStore) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(JobDocument(job, blobs: blobs))
        return ByteBuffer(string: "event: \(name)\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
    }
}
