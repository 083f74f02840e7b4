import AsyncHTTPClient
import Foundation
import GlintQueue
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Delivers webhooks: when a job with a callback URL is completed or discarded, POSTs its job
/// document there, signed (`Glint-Signature`, see ``WebhookSignature``). A failed attempt (no
/// answer, or not 2xx) is tried again after attempt² seconds, 8 attempts at most; every attempt is
/// recorded in the server store. A cancelled job's callback is dropped.
///
/// A ServiceLifecycle service that looks for due callbacks every `pollInterval`; ``deliverDue()``
/// is one pass (tests drive it with a manual clock). Every API node runs one over the shared
/// store: each callback is taken by one of them per attempt (``ServerStore/claimCallback(job:at:until:)``),
/// so a webhook is not POSTed once per node.
public struct WebhookDeliverer: Service {
    let server: ServerContext
    let logger: Logger
    let pollInterval: Duration
    /// How long one attempt may take (connecting included) before it counts as failed.
    let attemptTimeout: TimeAmount
    public static let maxAttempts = 8
    /// How long past an attempt's timeout a callback stays taken by the node attempting it.
    static let claimMarginSeconds: Double = 60

    public init(server: ServerContext, pollInterval: Duration = .milliseconds(500), attemptTimeout: TimeAmount = .seconds(10), logger: Logger) {
        self.server = server
        self.pollInterval = pollInterval
        self.attemptTimeout = attemptTimeout
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await deliverDue()
                } catch {
                    logger.warning("webhook pass failed", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: pollInterval)
            }
        }
    }

    /// One pass: every callback due now whose job has finished is attempted once. Returns the
    /// attempts made.
    @discardableResult
    public func deliverDue(limit: Int = 100) async throws -> [WebhookDelivery] {
        var made: [WebhookDelivery] = []
        let now = server.clock()
        for callback in try await server.store.dueCallbacks(at: now, limit: limit) {
            guard let job = try await server.jobs.job(callback.job, tenant: callback.tenant) else {
                try await server.store.scheduleCallback(job: callback.job, nextAttemptAt: nil)
                continue
            }
            switch job.state {
            case .completed, .discarded:
                // Another API node may have found it due as well: the one that takes it attempts it.
                let claim = now.addingTimeInterval(Double(attemptTimeout.nanoseconds) / 1e9 + Self.claimMarginSeconds)
                guard try await server.store.claimCallback(job: callback.job, at: now, until: claim) else { continue }
                made.append(try await attempt(callback, job: job))
            case .cancelled:
                try await server.store.scheduleCallback(job: callback.job, nextAttemptAt: nil)
            default:
                continue
            }
        }
        return made
    }

    func attempt(_ callback: JobCallback, job: Job) async throws -> WebhookDelivery {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try await server.recordOutputs(of: job)
        let body = try encoder.encode(JobDocument(job, blobs: server.blobs))
        let now = server.clock()
        let signature = WebhookSignature(body: body, timestamp: Int64(now.timeIntervalSince1970), key: WebhookSignature.signingKey(serverSecret: server.secret))
        var request = HTTPClientRequest(url: callback.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Glint-Signature", value: signature.header)
        request.headers.add(name: "Glint-Event", value: "job.\(job.state.rawValue)")
        request.headers.add(name: "User-Agent", value: "glint-webhooks")
        request.body = .bytes(ByteBuffer(bytes: body))
        let attempt = callback.attempts + 1
        var status: Int?
        var problem: String?
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: attemptTimeout)
            status = Int(response.status.code)
            _ = try? await response.body.collect(upTo: 64 << 10)
        } catch {
            problem = String(describing: error)
        }
        let delivered = status.map { (200..<300).contains($0) } ?? false
        let delivery = WebhookDelivery(job: job.id, attempt: attempt, at: now, statusCode: status, error: problem, delivered: delivered)
        let next = delivered || attempt >= Self.maxAttempts ? nil : now.addingTimeInterval(Double(attempt * attempt))
        try await server.store.recordDelivery(delivery, nextAttemptAt: next)
        logger.info("webhook attempt", metadata: ["job": "\(job.id)", "attempt": "\(attempt)", "status": "\(status.map(String.init) ?? problem ?? "-")"])
        return delivery
    }
}
