import Foundation
import GlintCore
import GlintQueue
import Hummingbird
import ServiceLifecycle

/// `GET /v1/jobs/{id}/events`: server-sent events. A `progress` event (data: the job document)
/// whenever the job's state, attempt or progress changes, then one `completed`, `discarded` or
/// `cancelled` event and the end of the stream. A comment line after 15 s of silence (on the
/// server's clock, ``ServerContext/clock``) keeps proxies from closing an idle stream. Between
/// events the stream waits for the job store to say a job changed
/// (``JobStore/waitForJobChange(since:timeout:)``, whose timeout runs on the same clock: the
/// store's), then reads its job again. When the server shuts
/// down gracefully the stream ends at once, without a terminal event (the client reconnects, to
/// this node once it is back or to another): a job that is not running must not hold the stop.
struct JobEventsRoute {
    let server: ServerContext

    func addRoutes(to group: RouterGroup<GlintRequestContext>) {
        group.get("jobs/{id}/events", use: events)
    }

    /// How long a stream stays silent before a keep-alive comment.
    static let keepAliveInterval = Duration.seconds(15)

    /// What makes a new `progress` event.
    struct Snapshot: Equatable {
        var state: JobState
        var attempt: Int
        var progress: JobProgress?
    }

    @Sendable func events(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let firstMark = server.jobs.jobChangeMark()
        let first = try await server.job(context.parameters.get("id") ?? "", tenant: tenant)
        let server = self.server
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        let body = ResponseBody { writer in
            var job = first
            var last: Snapshot?
            var sinceWrite = server.clock.now()
            var mark = firstMark
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
                    sinceWrite = server.clock.now()
                } else if server.clock.elapsed(since: sinceWrite) >= Self.keepAliveInterval {
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    sinceWrite = server.clock.now()
                }
                // Woken by the store when a job changes (no polling); at the latest when a keep-alive is due.
                let wait = server.clock.remaining(until: sinceWrite.addingTimeInterval(Self.keepAliveInterval.seconds))
                await cancelWhenGracefulShutdown { [mark] in await server.jobs.waitForJobChange(since: mark, timeout: wait) }
                if Task.isShuttingDownGracefully { break }
                try Task.checkCancellation()
                mark = server.jobs.jobChangeMark()
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
