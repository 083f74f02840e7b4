import Foundation
import GlintCore
import GlintJobs
import GlintQueue
import HTTPTypes
import Hummingbird

/// `POST /v1/jobs`, `POST /v1/batches`, `GET /v1/jobs`, `GET /v1/jobs/{id}`, `DELETE /v1/jobs/{id}`,
/// `POST /v1/jobs/{id}/retry`.
struct JobsRoutes {
    let server: ServerContext

    struct Batch: Encodable {
        var batch: String
        var jobs: [JobDocument]
    }

    func addRoutes(to group: RouterGroup<GlintRequestContext>) {
        group.post("jobs", use: submit)
        group.post("batches", use: submitBatch)
        group.get("jobs", use: list)
        group.get("jobs/{id}", use: show)
        group.delete("jobs/{id}", use: cancel)
        group.post("jobs/{id}/retry", use: retry)
    }

    @Sendable func submit(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let job = try JobRequest(json: try await JSONResponse.decode(JSONValue.self, from: request, context: context))
        let key = try Self.idempotencyKey(request)
        try Self.checkQueue(job.queue, limits: context.limits, path: nil)
        try await check(job, tenant: tenant, path: nil)
        try await checkCallback(job, key: context.keyID, path: nil)
        try await checkQuotas(tenant: tenant, adding: 1, limits: context.limits)
        let outcome = try await server.jobs.submit([job.submission(tenant: tenant, idempotencyKey: key, batch: nil, maxRunning: context.limits.maxRunning)])[0]
        if outcome.wasCreated { try await recordCallback(job, for: outcome.job, key: context.keyID) }
        let document = JobDocument(outcome.job, blobs: server.blobs)
        return try JSONResponse.make(document, status: outcome.wasCreated ? .accepted : .ok, headers: [.location: "/v1/jobs/\(document.id)"])
    }

    @Sendable func submitBatch(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let body = try await JSONResponse.decode(JSONValue.self, from: request, context: context)
        guard let object = body.object, case .array(let entries)? = object["jobs"], object.count == 1 else {
            throw Problem(.invalidParameters, detail: "a batch is {\"jobs\": [<job>, ...]}")
        }
        guard (1...1000).contains(entries.count) else { throw Problem(.invalidParameters, detail: "a batch holds 1 to 1000 jobs, not \(entries.count)") }
        var jobs: [JobRequest] = []
        for (index, entry) in entries.enumerated() {
            let job = try JobRequest(json: entry, path: "jobs[\(index)]")
            try Self.checkQueue(job.queue, limits: context.limits, path: "jobs[\(index)]")
            try await check(job, tenant: tenant, path: "jobs[\(index)]")
            try await checkCallback(job, key: context.keyID, path: "jobs[\(index)]")
            jobs.append(job)
        }
        try await checkQuotas(tenant: tenant, adding: jobs.count, limits: context.limits)
        let batch = UUID().uuidString.lowercased()
        let outcomes = try await server.jobs.submit(
            jobs.map { $0.submission(tenant: tenant, idempotencyKey: nil, batch: batch, maxRunning: context.limits.maxRunning) })
        for (job, outcome) in zip(jobs, outcomes) { try await recordCallback(job, for: outcome.job, key: context.keyID) }
        return try JSONResponse.make(Batch(batch: batch, jobs: outcomes.map { JobDocument($0.job, blobs: server.blobs) }), status: .accepted)
    }

    @Sendable func show(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let job = try await server.job(context.parameters.get("id") ?? "", tenant: tenant)
        try await server.recordOutputs(of: job)
        return try JSONResponse.make(JobDocument(job, blobs: server.blobs))
    }

    @Sendable func cancel(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let text = context.parameters.get("id") ?? ""
        guard let id = JobID(text), let job = try await server.jobs.cancel(id, tenant: tenant) else { throw Problem.notFound("job \(text)") }
        return try JSONResponse.make(JobDocument(job, blobs: server.blobs))
    }

    /// Queues a finished job again (a discarded or cancelled one gets one more attempt; a completed
    /// one runs again and its outputs are replaced); 409 `conflict` while it is queued or running.
    /// A retry queues a job as a submission does: its queue must be one of the key's, and it counts
    /// against `max-queued` (and a tenant at `max-storage-bytes` retries nothing).
    @Sendable func retry(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let text = context.parameters.get("id") ?? ""
        let current = try await server.job(text, tenant: tenant)
        try Self.checkQueue(current.queue, limits: context.limits, path: nil)
        if current.state.isFinished { try await checkQuotas(tenant: tenant, adding: 1, limits: context.limits) }
        guard let id = JobID(text), let job = try await server.jobs.retry(id, tenant: tenant) else { throw Problem.notFound("job \(text)") }
        return try JSONResponse.make(JobDocument(job, blobs: server.blobs), status: .accepted, headers: [.location: "/v1/jobs/\(job.id)"])
    }

    @Sendable func list(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let query = request.uri.queryParameters
        var states = Set<JobState>()
        for name in (query["state"].map(String.init) ?? "").split(separator: ",") {
            guard let state = JobState(rawValue: String(name)) else {
                throw Problem(.invalidParameters, detail: "state '\(name)' is not one of \(JobState.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            states.insert(state)
        }
        let kinds = Set((query["kind"].map(String.init) ?? "").split(separator: ",").map { JobKind(rawValue: String($0)) })
        var limit = 50
        if let text = query["limit"] {
            guard let value = Int(text), (1...1000).contains(value) else { throw Problem(.invalidParameters, detail: "limit must be an integer in 1...1000") }
            limit = value
        }
        let batch = query["batch"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let cursor = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let page: JobPage
        do {
            page = try await server.jobs.jobs(matching: JobFilter(tenant: tenant, states: states, kinds: kinds, batch: batch, limit: limit, cursor: cursor))
        } catch let error as JobQueueError where error.kind == .invalidSubmission || cursor != nil {
            throw Problem(.invalidParameters, detail: "cursor: \(error.problem)")
        }
        return try JSONResponse.make(JobDocument.Page(jobs: page.jobs.map { JobDocument($0, blobs: server.blobs) }, nextCursor: page.nextCursor))
    }

    // MARK: Checks

    /// Refuses a job for a queue the key may not submit to (``KeyLimits/allowedQueues``): 403
    /// `queue-not-allowed`, naming the queue and the key's queues.
    static func checkQueue(_ queue: String, limits: KeyLimits, path: String?) throws {
        let allowed = limits.allowedQueues
        guard !allowed.contains(queue) else { return }
        let prefix = path.map { "\($0): " } ?? ""
        let detail = "the key may not submit to queue '\(queue.prefix(100))' (its queues: \(allowed.joined(separator: ", ")))"
        throw Problem(.queueNotAllowed, detail: prefix + detail)
    }

    /// The key's limits on what the tenant queues and stores (``TenantQuotas``): `count` more jobs
    /// must fit under `max-queued`, and a tenant at `max-storage-bytes` adds no job (its outputs
    /// would be stored).
    func checkQuotas(tenant: String, adding count: Int, limits: KeyLimits) async throws {
        let quotas = TenantQuotas(server: server)
        try await quotas.checkStorage(tenant: tenant, adding: 0, limits: limits)
        try await quotas.checkQueued(tenant: tenant, adding: count, limits: limits)
    }

    /// Checks a job as its worker would (kind, parameters, required inputs) and that every input is
    /// a blob the tenant owns, marking each used now (``BlobRetention`` counts from the last use, and
    /// keeps what an unfinished job takes).
    func check(_ job: JobRequest, tenant: String, path: String?) async throws {
        let prefix = path.map { "\($0): " } ?? ""
        try await Self.naming(prefix) { try server.handlers.check(job.kind, parameters: job.parameters, inputs: Set(job.inputs.keys)) }
        let owned = try await server.store.useBlobs(Set(job.inputs.values), tenant: tenant, at: server.clock.now())
        for (name, blob) in job.inputs.sorted(by: { $0.key < $1.key }) {
            guard owned.contains(blob), server.blobs.contains(blob) else {
                throw Problem(.invalidParameters, detail: prefix + "input '\(name)': no blob \(blob.hex) (upload it with POST /v1/blobs first)")
            }
        }
        let (limits, blobs) = (server.inputLimits, server.blobs)
        let inputs = job.inputs.mapValues { blobs.url(for: $0) }
        // A header probe per distinct input file (dimensions, duration; no decoding, no C library), on
        // the probe pool's own threads: never those that answer health checks.
        try await Self.naming(prefix) { try await server.probePool.check(limits, inputs: inputs) }
        do {
            try job.submission(tenant: tenant, idempotencyKey: nil, batch: nil, maxRunning: nil).validate()
        } catch {
            throw Problem(.invalidParameters, detail: prefix + error.problem)
        }
    }

    /// Runs `body`, turning a ``GlintCore/GlintError`` it throws into its problem (as
    /// ``ProblemMiddleware`` maps every one) with `prefix` (`jobs[2]: `) before the detail.
    static func naming<R>(_ prefix: String, _ body: () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch let error as any GlintError {
            var problem = ProblemMiddleware<GlintRequestContext>.problem(for: error)
            problem.detail = prefix + problem.detail
            throw problem
        }
    }

    static func idempotencyKey(_ request: Request) throws -> String? {
        guard let name = HTTPField.Name("Idempotency-Key"), let key = request.headers[name] else { return nil }
        guard !key.isEmpty, key.utf8.count <= 255 else { throw Problem(.invalidParameters, detail: "Idempotency-Key must be 1-255 characters") }
        return key
    }

    /// Records the job's callback, to be signed with the webhook secret of `key` (the submitting key).
    func recordCallback(_ job: JobRequest, for submitted: Job, key: String?) async throws {
        guard let url = job.callbackURL else { return }
        try await server.store.recordCallback(
            JobCallback(job: submitted.id, tenant: submitted.tenant, url: url, createdAt: server.clock.now(), nextAttemptAt: server.clock.now(), key: key))
    }
}
