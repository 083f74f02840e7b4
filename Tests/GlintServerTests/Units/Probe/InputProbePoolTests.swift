import Foundation
import GlintJobs
import GlintTestSupport
import HTTPTypes
import Testing

@testable import GlintServer

/// The submission probe's own threads: a probe runs there, and one more than the pool admits is
/// refused at once with 503 `server-busy` and `Retry-After`, never queued.
@Suite("InputProbePool", .suiteTimeLimit)
struct InputProbePoolTests {
    @Test("a full pool answers server-busy with Retry-After; an open one probes and checks")
    func admission() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let still = directory.file("still.jpg")
        try Data(HostileMedia.jpeg(width: 4000, height: 4000)).write(to: still)
        let full = InputProbePool(threads: 1, queueLimit: 0)
        let problem = try await #require(throws: Problem.self) { try await full.check(.default, inputs: ["still": still]) }
        #expect(problem.type == .serverBusy && problem.status == .serviceUnavailable)
        #expect(problem.headers[.retryAfter] == String(InputProbePool.retryAfterSeconds))
        let open = InputProbePool(threads: 1, queueLimit: 1)
        try await open.check(.default, inputs: ["still": still])
        let error = try await #require(throws: InputTooLargeError.self) {
            try await open.check(InputLimits(maxPixels: 1000), inputs: ["still": still, "copy": still])
        }
        #expect(error.input == "copy")
        // The admission is given back after each probe, refused or not.
        try await open.check(.default, inputs: ["still": still])
    }
}
