import Foundation
import FuzzSupport
import GlintCore
import GlintJobs
import GlintQueue

@testable import GlintServer

/// The JSON bodies of the API, read as the routes read them: ``JSONResponse/decode(_:from:)``
/// (the same `JSONSerialization` gate and `JSONDecoder` into ``JSONValue``), then the route's own
/// checks. The last byte picks the body:
///
/// - `POST /v1/jobs`: ``JobRequest`` (keys, kind, params, inputs, priority, queue, maxAttempts,
///   callbackURL), the key's queue check, the kind's handler check (its parameters decoded as the
///   worker decodes them, its input names), the submission's validation and the callback's
///   egress check, as ``JobsRoutes`` runs them (the blob look-ups and the probe need a store).
/// - `POST /v1/batches`: `{"jobs": [...]}`, each entry as above.
/// - `POST /v1/shares`: `{"job", "expiresIn", "keepLocation"}` as ``ShareRequest`` checks it for
///   ``SharesRoutes/create``, then the token it would sign.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJobRequestJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let route = input.choice(3)
    let data = Data(input.rest())
    let body: JSONValue
    do {
        body = try JSONResponse.decode(JSONValue.self, from: data)
    } catch {
        FuzzUse.use(error)
        return 0
    }
    FuzzUse.use(body)
    switch route {
    case 0: submitJob(body, path: nil)
    case 1: submitBatch(body)
    default: createShare(body)
    }
    return 0
}

/// Every handler `glint serve --enable-test-kinds` checks submissions with.
let registry = JobHandlerRegistry.glint
/// A key without limits: its queues are `default` alone.
let limits = KeyLimits.unlimited
/// The egress policy of a server that opens no private range.
let policy = EgressPolicy()

/// One job, as `POST /v1/jobs` (path nil) or one entry of a batch (`jobs[2]`) checks it.
func submitJob(_ body: JSONValue, path: String?) {
    let job: JobRequest
    do {
        job = try JobRequest(json: body, path: path ?? "")
    } catch {
        FuzzUse.use(error)
        return
    }
    FuzzUse.use(job)
    precondition(!job.kind.rawValue.isEmpty, "a job request has a kind")
    precondition(abs(job.priority) < 1_000_000_000 && abs(job.maxAttempts) < 1_000_000_000, "integers are bounded")
    if let url = job.callbackURL { precondition(url.utf8.count <= 2000, "a callback URL is at most 2000 bytes") }
    do { try JobsRoutes.checkQueue(job.queue, limits: limits, path: path) } catch { FuzzUse.use(error) }
    do { try registry.check(job.kind, parameters: job.parameters, inputs: Set(job.inputs.keys)) } catch { FuzzUse.use(error) }
    let submission = job.submission(tenant: "tenant-1", idempotencyKey: nil, batch: nil, maxRunning: nil)
    FuzzUse.use(submission)
    do { try submission.validate() } catch { FuzzUse.use(error) }
    if let url = job.callbackURL {
        do { try policy.checkCallback(url) } catch { FuzzUse.keep(error.description) }
    }
}

/// `POST /v1/batches`: `{"jobs": [<job>, ...]}` with 1 to 1000 jobs.
func submitBatch(_ body: JSONValue) {
    guard let object = body.object, case .array(let entries)? = object["jobs"], object.count == 1 else { return }
    guard (1...1000).contains(entries.count) else { return }
    for (index, entry) in entries.enumerated() { submitJob(entry, path: "jobs[\(index)]") }
}

/// `POST /v1/shares`, as ``SharesRoutes/create`` checks the body (``ShareRequest``) before it
/// looks the job up, then the token it would sign.
func createShare(_ body: JSONValue) {
    let share: ShareRequest
    do {
        share = try ShareRequest(body)
    } catch {
        FuzzUse.use(error)
        return
    }
    precondition(ShareRequest.expiryRange.contains(share.expiresIn), "a share's expiry is in range")
    FuzzUse.keep(share.keepLocation)
    FuzzUse.keep(JobID(share.job))
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let secret = ShareTokenSecret(Array(repeating: 7, count: 32))
    let token = ShareToken(shareID: "0123456789abcdef", expiresAt: now.addingTimeInterval(Double(share.expiresIn)), secret: secret)
    precondition(ShareToken.check(token.description, secret: secret, now: now) == .valid(token), "a new share's token is valid")
}
