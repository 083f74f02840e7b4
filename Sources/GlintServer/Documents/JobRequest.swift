import Foundation
import GlintCore
import GlintQueue

/// One job as `POST /v1/jobs` (and each entry of `POST /v1/batches`) spells it:
/// `{"kind", "params", "inputs", "priority", "queue", "maxAttempts", "callbackURL"}`, every key but
/// `kind` optional and no other key allowed.
struct JobRequest: Sendable {
    var kind: JobKind
    /// The `params` object, as JSON.
    var parameters: Data
    var inputs: [String: BlobID]
    var priority: Int
    var queue: String
    var maxAttempts: Int
    var callbackURL: String?

    static let keys: Set<String> = ["kind", "params", "inputs", "priority", "queue", "maxAttempts", "callbackURL"]

    /// Reads the request out of parsed JSON; `path` names it in messages (`jobs[2]`).
    /// - Throws: an `invalid-parameters` problem naming the key and what is wrong with it.
    init(json: JSONValue, path: String = "") throws(Problem) {
        func bad(_ detail: String) -> Problem { Problem(.invalidParameters, detail: path.isEmpty ? detail : "\(path): \(detail)") }
        guard let object = json.object else { throw bad("a job must be a JSON object") }
        if let unknown = object.keys.filter({ !Self.keys.contains($0) }).sorted().first {
            throw bad("unknown key \"\(unknown)\" (a job has \(Self.keys.sorted().joined(separator: ", ")))")
        }
        guard case .string(let kind)? = object["kind"], !kind.isEmpty else { throw bad("\"kind\" must be a non-empty string") }
        self.kind = JobKind(rawValue: kind)
        switch object["params"] {
        case nil, .null?: parameters = Data("{}".utf8)
        case .object(let params)?:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(params) else { throw bad("\"params\" cannot be encoded") }
            parameters = data
        default: throw bad("\"params\" must be a JSON object")
        }
        var inputs: [String: BlobID] = [:]
        switch object["inputs"] {
        case nil, .null?: break
        case .object(let names)?:
            for (name, value) in names {
                guard case .string(let text) = value, let blob = BlobID(text) else {
                    throw bad("input \"\(name)\" must be a blob id (64 hex digits, from POST /v1/blobs)")
                }
                inputs[name] = blob
            }
        default: throw bad("\"inputs\" must be an object of blob ids")
        }
        self.inputs = inputs
        priority = try Self.integer(object["priority"], "priority", default: 0, bad)
        maxAttempts = try Self.integer(object["maxAttempts"], "maxAttempts", default: JobSubmission.defaultMaxAttempts, bad)
        switch object["queue"] {
        case nil, .null?: queue = JobSubmission.defaultQueue
        case .string(let text)?: queue = text
        default: throw bad("\"queue\" must be a string")
        }
        switch object["callbackURL"] {
        case nil, .null?: callbackURL = nil
        case .string(let text)?:
            guard let url = URLComponents(string: text), url.scheme == "http" || url.scheme == "https", url.host?.isEmpty == false,
                text.utf8.count <= 2000
            else { throw bad("\"callbackURL\" must be an absolute http or https URL") }
            callbackURL = text
        default: throw bad("\"callbackURL\" must be a string")
        }
    }

    private static func integer(_ value: JSONValue?, _ key: String, default fallback: Int, _ bad: (String) -> Problem) throws(Problem) -> Int {
        switch value {
        case nil, .null?: return fallback
        case .integer(let number)? where number.magnitude < 1_000_000_000: return Int(number)
        default: throw bad("\"\(key)\" must be an integer")
        }
    }

    /// The queue's submission for `tenant`; `maxRunning` is the submitting key's running limit
    /// (``KeyLimits/maxRunning``), which the claims enforce.
    func submission(tenant: String, idempotencyKey: String?, batch: String?, maxRunning: Int?) -> JobSubmission {
        JobSubmission(
            kind: kind, parameters: parameters, inputs: inputs, queue: queue, tenant: tenant, priority: priority,
            maxAttempts: maxAttempts, idempotencyKey: idempotencyKey, batch: batch, maxRunning: maxRunning)
    }
}
