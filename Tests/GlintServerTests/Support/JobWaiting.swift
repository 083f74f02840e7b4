import Foundation
import GlintQueue
import HummingbirdTesting

extension TestClientProtocol {
    /// Polls the job until it is finished (or 120 s pass) and returns its document.
    func waitUntilFinished(_ id: String, key: String) async throws -> [String: Any] {
        for _ in 0..<2400 {
            let document = try await call(.get, "/v1/jobs/\(id)", key: key).json()
            if let state = (document["state"] as? String).flatMap(JobState.init(rawValue:)), state.isFinished { return document }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }
}
