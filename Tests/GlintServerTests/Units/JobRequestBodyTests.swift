import Foundation
import GlintCore
import GlintTestSupport
import Testing

@testable import GlintServer

/// Job bodies as `POST /v1/jobs` reads them (``JSONResponse/decode(_:from:)``, then ``JobRequest``).
@Suite("Job request bodies", .suiteTimeLimit)
struct JobRequestBodyTests {
    /// Found by the JobRequestJSON fuzzer: `abs(Int64.min)` overflowed and ended the server.
    @Test(
        "the most negative 64-bit integer as priority or maxAttempts is an invalid-parameters problem",
        arguments: ["priority", "maxAttempts"])
    func mostNegativeInteger(_ key: String) throws {
        let body = try JSONResponse.decode(JSONValue.self, from: Data(#"{"kind": "queue.noop", "\#(key)": -9223372036854775808}"#.utf8))
        let problem = #expect(throws: Problem.self) { try JobRequest(json: body) }
        #expect(problem?.type == .invalidParameters)
        #expect(problem?.detail.contains(key) == true)
    }

    @Test("integers just inside the bound are read")
    func boundedIntegers() throws {
        let body = try JSONResponse.decode(JSONValue.self, from: Data(#"{"kind": "queue.noop", "priority": -999999999}"#.utf8))
        #expect(try JobRequest(json: body).priority == -999_999_999)
    }
}
