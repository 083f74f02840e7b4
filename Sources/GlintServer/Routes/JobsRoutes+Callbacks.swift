import Foundation

extension JobsRoutes {
    /// Checks a job's `callbackURL` at submission: the egress policy refuses a literal address in
    /// a refused range, a special-use name (`localhost`), user information and any scheme but
    /// http/https (422 `callback-refused`, naming the rule); a name is resolved and checked again at
    /// each delivery. The submitting key must have a webhook secret to sign the deliveries with.
    func checkCallback(_ job: JobRequest, key: String?, path: String?) async throws {
        guard let url = job.callbackURL else { return }
        let prefix = path.map { "\($0): " } ?? ""
        do {
            try server.egress.policy.checkCallback(url)
        } catch {
            throw Problem(.callbackRefused, detail: prefix + "callbackURL: \(error)")
        }
        guard let key, try await server.store.webhookSecret(key: key) != nil else {
            throw Problem(
                .callbackRefused,
                detail: prefix
                    + "callbackURL: the API key has no webhook signing secret; the operator gives it one with glint keys update \(key ?? "<id>") --rotate-webhook-secret"
            )
        }
    }
}
