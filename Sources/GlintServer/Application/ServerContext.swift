@preconcurrency import Crypto
import Foundation
import GlintCore
import GlintJobs
import GlintQueue
import Logging

/// What the routes share: the stores, the blob files, the handler registry (for checking kinds),
/// the server's limits (its own, and the keys' defaults) and secret, and the one clock the server
/// and its stores go by (the job store's: ``clock``).
public struct ServerContext: Sendable {
    public var jobs: any JobStore
    public var blobs: FileBlobStore
    public var store: any ServerStore
    public var handlers: JobHandlerRegistry
    /// Uploads larger than this are refused with `payload-too-large`.
    public var maxUploadBytes: Int64
    /// Jobs whose inputs are over these are refused at submission with `input-too-large`.
    public var inputLimits: InputLimits
    /// The threads that probe submitted inputs against ``inputLimits``.
    public var probePool: InputProbePool = .shared
    /// Signs share tokens; the keys' webhook secrets are sealed under a key derived from it.
    public var secret: SymmetricKey
    /// The clock of the job store, which the server shares: shares, ownership records and webhook
    /// attempts are stamped with its time, and every timer of the server (rate limits, webhook
    /// polls and timeouts, retention passes, the event streams' keep-alives) runs on it. A test
    /// opens the job store on a `ManualWallClock` and moves the whole server's time with it.
    public var clock: any WallClock { jobs.clock }
    /// The limits of a key that leaves one out (`glint serve --max-queued ...`).
    public var defaultLimits: KeyLimits
    /// Counts each key's requests against its rate (on ``clock`` unless one was given).
    public let rateLimiter: RequestRateLimiter
    /// The pages' trusted proxies and per-client-address limits (``PageRoutes``).
    public var pageAccess = PageAccessConfiguration()
    /// Every outbound request (webhooks) goes through this client and its ``EgressPolicy``; its
    /// timeouts run on ``clock``, whatever clock the client set here was made with.
    public var egress: EgressClient {
        get {
            var client = egressClient
            client.clock = clock
            return client
        }
        set { egressClient = newValue }
    }
    private var egressClient = EgressClient()
    /// Seals and opens the keys' webhook secrets (derived from ``secret``).
    public var webhookSecrets: WebhookSecretVault { WebhookSecretVault(serverSecret: secret) }

    public init(
        jobs: any JobStore, blobs: FileBlobStore, store: any ServerStore, handlers: JobHandlerRegistry = .glint,
        maxUploadBytes: Int64 = GlintServerConfiguration.defaultMaxUploadBytes, inputLimits: InputLimits = .default, secret: SymmetricKey,
        defaultLimits: KeyLimits = .unlimited, rateLimiter: RequestRateLimiter? = nil
    ) {
        self.jobs = jobs
        self.blobs = blobs
        self.store = store
        self.handlers = handlers
        self.maxUploadBytes = maxUploadBytes
        self.inputLimits = inputLimits
        self.secret = secret
        self.defaultLimits = defaultLimits
        self.rateLimiter = rateLimiter ?? RequestRateLimiter(clock: jobs.clock)
    }

    /// The server secret as the share tokens (`ShareToken`, in Pages) take it.
    public var shareSecret: ShareTokenSecret {
        ShareTokenSecret(secret.withUnsafeBytes { Array($0) })
    }

    /// The tenant's job, or a `not-found` problem (another tenant's job is not found either).
    func job(_ text: String, tenant: String) async throws -> Job {
        guard let id = JobID(text), let job = try await jobs.job(id, tenant: tenant) else { throw Problem.notFound("job \(text)") }
        return job
    }

    /// Records that the tenant owns a completed job's outputs, so that it may use them as inputs
    /// and they count against its `max-storage-bytes`: done whenever the tenant reads the job, its
    /// events or an output, shares it, or a webhook tells of it (a tenant cannot have an output
    /// without one of these).
    func recordOutputs(of job: Job) async throws {
        guard job.state == .completed, !job.outputs.isEmpty else { return }
        let sizes = Dictionary(job.outputs.values.map { ($0, blobs.size(of: $0) ?? 0) }) { first, _ in first }
        try await store.claimBlobs(sizes, tenant: job.tenant, at: clock.now())
    }
}
