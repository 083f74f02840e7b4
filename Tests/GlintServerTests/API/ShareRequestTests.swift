import Foundation
import GlintCore
import GlintTestSupport
import Testing

@testable import GlintServer

/// The body of `POST /v1/shares`: what the route accepts, and hostile bodies refused naming the
/// key at fault (the same checks `Fuzz/JobRequestJSON` runs).
@Suite("ShareRequest", .suiteTimeLimit)
struct ShareRequestTests {
    static func share(_ json: String) throws -> ShareRequest {
        try ShareRequest(try JSONResponse.decode(JSONValue.self, from: Data(json.utf8)))
    }

    @Test("a job alone: one week, no location; both set: as asked")
    func readsTheBody() throws {
        #expect(try Self.share(#"{"job":"j1"}"#) == ShareRequest(job: "j1", expiresIn: 604_800, keepLocation: false))
        let asked = try Self.share(#"{"job":"j1","expiresIn":60,"keepLocation":true}"#)
        #expect(asked == ShareRequest(job: "j1", expiresIn: 60, keepLocation: true))
        #expect(try Self.share(#"{"job":"j1","expiresIn":7776000,"keepLocation":null}"#).expiresIn == 90 * 86400)
    }

    @Test(arguments: [
        (#"[{"job":"j1"}]"#, "a share is"),
        (#"{"job":"j1","owner":"bob"}"#, "unknown key \"owner\""),
        (#"{"job":1}"#, "\"job\""),
        (#"{"expiresIn":60}"#, "\"job\""),
        (#"{"job":"j1","expiresIn":59}"#, "\"expiresIn\""),
        (#"{"job":"j1","expiresIn":7776001}"#, "\"expiresIn\""),
        (#"{"job":"j1","expiresIn":-9223372036854775808}"#, "\"expiresIn\""),
        (#"{"job":"j1","expiresIn":3600.5}"#, "\"expiresIn\""),
        (#"{"job":"j1","expiresIn":"3600"}"#, "\"expiresIn\""),
        (#"{"job":"j1","keepLocation":"yes"}"#, "\"keepLocation\""),
        (#"{"job":"j1","keepLocation":1}"#, "\"keepLocation\""),
    ])
    func refusesHostileBodies(json: String, named: String) {
        let problem = #expect(throws: Problem.self) { try Self.share(json) }
        #expect(problem?.detail.contains(named) == true, "\(json): \(problem?.detail ?? "no problem")")
    }
}
