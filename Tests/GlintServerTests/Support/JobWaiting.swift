import Foundation
import GlintQueue
import HummingbirdTesting
import Testing

extension TestClientProtocol {
    /// Reads the job through the API until it is finished and returns its document; after 5 minutes
    /// (a guard against a hang, not a timing) the test fails naming the state it was last in.
    func waitUntilFinished(_ id: String, key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(300)
        while true {
            let document = try await call(.get, "/v1/jobs/\(id)", key: key).json()
            if let state = (document["state"] as? String).flatMap(JobState.init(rawValue:)), state.isFinished { return document }
            guard ContinuousClock.now < deadline else {
                Issue.record("job \(id) did not finish within 5 minutes: \(document)", sourceLocation: sourceLocation)
                return document
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
