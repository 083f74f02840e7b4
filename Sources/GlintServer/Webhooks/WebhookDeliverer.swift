import Foundation
import GlintCore
import GlintQueue
import Logging
import NIOCore
import ServiceLifecycle

/// Delivers webhooks: when a job with a callback URL is completed or discarded, POSTs its job
/// document there through the ``EgressClient`` (its ``EgressPolicy``, no redirects), signed per
/// Standard Webhooks with the secret of the key that submitted the job (``WebhookSignature``). A
/// failed attempt (no answer, or not 2xx: a 3xx too) is tried again after attempt² seconds, 8
/// attempts at most; a destination the policy refuses is not tried again. Every attempt is recorded
/// in the server store. A cancelled job's callback is dropped.
///
/// Attempts run concurrently, at most ``perTenantLimit`` per tenant and ``totalLimit`` in all
/// (``WebhookDeliverySlots``), so a receiver that never answers delays only its own tenant.
///
/// A ServiceLifecycle service that looks for due callbacks every `pollInterval`; ``deliverDue()``
/// is one pass that waits for its attempts. Its polls, the attempts' timeouts and backoff all run
/// on the server's clock (``ServerContext/clock``; tests drive it with a manual clock). Every API node
/// runs one over the shared store: each callback is taken by one of them per attempt
/// (``ServerStore/claimCallback(job:at:until:)``), so a webhook is not POSTed once per node.
public struct WebhookDeliverer: Service {
    let server: ServerContext
    let logger: Logger
    let pollInterval: Duration
    /// How long one attempt may take (resolving and connecting included) before it counts as failed.
    let attemptTimeout: TimeAmount
    let slots: WebhookDeliverySlots
    public static let maxAttempts = 8
    /// How long one attempt may take unless told otherwise (`--webhook-timeout-seconds`).
    public static let defaultAttemptTimeout = Duration.seconds(10)
    /// Attempts in flight at once for one tenant.
    public static let perTenantLimit = 4
    /// Attempts in flight at once in all.
    public static let totalLimit = 64
    /// How long past an attempt's timeout a callback stays taken by the node attempting it.
    static let claimMarginSeconds: Double = 60

    public init(
        server: ServerContext, pollInterval: Duration = .milliseconds(500), attemptTimeout: Duration = defaultAttemptTimeout,
        perTenantLimit: Int = perTenantLimit, totalLimit: Int = totalLimit, logger: Logger
    ) {
        self.server = server
        self.pollInterval = pollInterval
        self.attemptTimeout = TimeAmount(attemptTimeout)
        self.slots = WebhookDeliverySlots(perTenant: perTenantLimit, total: totalLimit)
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                while !Task.isCancelled {
                    do {
                        for (callback, job) in try await claimDue(limit: 100) {
                            group.addTask { _ = await attemptReleasing(callback, job: job) }
                        }
                    } catch {
                        logger.warning("webhook pass failed", metadata: ["error": "\(error)"])
                    }
                    await server.clock.pause(for: pollInterval)
                }
            }
        }
    }

    /// One pass: every callback due now whose job has finished is attempted once (concurrently,
    /// within the limits). Returns the attempts made.
    @discardableResult
    public func deliverDue(limit: Int = 100) async throws -> [WebhookDelivery] {
        let claimed = try await claimDue(limit: limit)
        return await withTaskGroup(of: WebhookDelivery?.self) { group in
            for (callback, job) in claimed { group.addTask { await attemptReleasing(callback, job: job) } }
            var made: [WebhookDelivery] = []
            for await delivery in group { delivery.map { made.append($0) } }
            return made
        }
    }

    /// Takes the due callbacks of finished jobs that have a free slot (drops cancelled jobs' ones).
    func claimDue(limit: Int) async throws -> [(JobCallback, Job)] {
        var claimed: [(JobCallback, Job)] = []
        let now = server.clock.now()
        for callback in try await server.store.dueCallbacks(at: now, limit: limit) {
            guard let job = try await server.jobs.job(callback.job, tenant: callback.tenant) else {
                try await server.store.scheduleCallback(job: callback.job, nextAttemptAt: nil)
                continue
            }
            switch job.state {
            case .completed, .discarded:
                guard await slots.acquire(job: job.id, tenant: callback.tenant) else { continue }
                // Another API node may have found it due as well: the one that takes it attempts it.
                let claim = now.addingTimeInterval(Double(attemptTimeout.nanoseconds) / 1e9 + Self.claimMarginSeconds)
                if try await server.store.claimCallback(job: callback.job, at: now, until: claim) {
                    claimed.append((callback, job))
                } else {
                    await slots.release(job: job.id, tenant: callback.tenant)
                }
            case .cancelled:
                try await server.store.scheduleCallback(job: callback.job, nextAttemptAt: nil)
            default:
                continue
            }
        }
        return claimed
    }

    /// Attempts the callback, then gives its slot back (an error is logged: the callback is due
    /// again when its claim runs out).
    private func attemptReleasing(_ callback: JobCallback, job: Job) async -> WebhookDelivery? {
        var delivery: WebhookDelivery?
        do {
            delivery = try await attempt(callback, job: job)
        } catch {
            logger.warning("webhook attempt failed", metadata: ["job": "\(job.id)", "error": "\(error)"])
        }
        await slots.release(job: job.id, tenant: callback.tenant)
        return delivery
    }
}
