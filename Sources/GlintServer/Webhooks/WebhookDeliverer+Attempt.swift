import Foundation
import GlintQueue
import Logging

extension WebhookDeliverer {
    /// The `webhook-id` of a job's event: the same for every attempt, so that receivers can drop
    /// repeats (no `.` in it, as the specification asks).
    static func eventID(_ job: Job) -> String { "msg_\(job.id)_\(job.state.rawValue)" }

    /// One attempt: POSTs the job's document, signed with the submitting key's secrets, and
    /// records the outcome (and when to try again).
    func attempt(_ callback: JobCallback, job: Job) async throws -> WebhookDelivery {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try await server.recordOutputs(of: job)
        let body = try encoder.encode(JobDocument(job, blobs: server.blobs))
        let now = server.clock.now()
        let attempt = callback.attempts + 1
        var status: Int?
        var problem: String?
        var retry = true
        do {
            let headers = try await signedHeaders(callback, job: job, body: body, at: now)
            status = try await server.egress.post(callback.url, headers: headers, body: body, timeout: attemptTimeout)
        } catch let refusal as EgressRefusal {
            // The destination will not become acceptable by waiting.
            problem = String(describing: refusal)
            retry = false
        } catch {
            problem = String(describing: error)
        }
        let delivered = status.map { (200..<300).contains($0) } ?? false
        if let status, (300..<400).contains(status) { problem = "HTTP \(status): redirects are not followed (give the final URL as callbackURL)" }
        let delivery = WebhookDelivery(job: job.id, attempt: attempt, at: now, statusCode: status, error: problem, delivered: delivered)
        let next = delivered || !retry || attempt >= Self.maxAttempts ? nil : now.addingTimeInterval(Double(attempt * attempt))
        try await server.store.recordDelivery(delivery, nextAttemptAt: next)
        logger.info("webhook attempt", metadata: ["job": "\(job.id)", "attempt": "\(attempt)", "status": "\(status.map(String.init) ?? problem ?? "-")"])
        return delivery
    }

    /// The request's headers: the Standard Webhooks three, the event, the content type.
    /// - Throws: ``WebhookSecretMissing`` when the submitting key has no webhook secret.
    func signedHeaders(_ callback: JobCallback, job: Job, body: Data, at now: Date) async throws -> [(String, String)] {
        guard let key = callback.key else { throw WebhookSecretMissing(key: nil) }
        let secrets = try await server.store.signingSecrets(key: key, vault: server.webhookSecrets, at: now)
        guard !secrets.isEmpty else { throw WebhookSecretMissing(key: key) }
        let id = Self.eventID(job)
        let timestamp = Int64(now.timeIntervalSince1970)
        return [
            ("Content-Type", "application/json"), ("User-Agent", "glint-webhooks"), ("Glint-Event", "job.\(job.state.rawValue)"),
            (WebhookSignature.Header.id, id), (WebhookSignature.Header.timestamp, String(timestamp)),
            (WebhookSignature.Header.signature, WebhookSignature.header(id: id, timestamp: timestamp, body: body, secrets: secrets)),
        ]
    }
}

/// A callback whose submitting key has no webhook secret (a callback recorded before keys had one,
/// or a key whose secret was removed): it is not sent unsigned.
struct WebhookSecretMissing: Error, CustomStringConvertible {
    var key: String?
    var description: String {
        "the submitting key has no webhook signing secret: glint keys update \(key ?? "<id>") --rotate-webhook-secret"
    }
}
