import AsyncHTTPClient
import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import NIOCore
import Testing

@testable import GlintServer

/// `GET /v1/jobs/{id}/events` while nothing happens: a keep-alive comment after every 15 s of
/// silence on the server's clock (a manual one the test moves), none before, and the job's change
/// still ends the stream.
@Suite("server: job event stream keep-alive", .suiteTimeLimit)
struct JobEventsKeepAliveTests {
    /// The blocks (events and comments, each ended by a blank line) of a stream, read as they come.
    struct Blocks {
        var body: HTTPClientResponse.Body.AsyncIterator
        var text = ""

        /// The next block; nil at the stream's end.
        mutating func next() async throws -> String? {
            while true {
                if let end = text.range(of: "\n\n") {
                    defer { text.removeSubrange(..<end.upperBound) }
                    return String(text[..<end.lowerBound])
                }
                guard let chunk = try await body.next() else { return nil }
                text += String(buffer: chunk)
            }
        }
    }

    @Test("an idle stream gets a keep-alive comment once 15 s passed without a write, and none sooner")
    func keepAlive() async throws {
        let clock = ManualWallClock()
        try await ServerHarness.with(clock: clock) { harness in
            try await harness.serve { client in
                let port = try #require(client.port)
                let id = try await client.submit(QuotaTests.parkedJob, key: harness.alice)["id"] as! String
                let key = harness.alice
                let interval = JobEventsRoute.keepAliveInterval
                try await Waiting.within(.seconds(120), "the job's event stream") {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/jobs/\(id)/events")
                    request.headers.add(name: "Authorization", value: "Bearer \(key)")
                    let response = try await HTTPClient.shared.execute(request, deadline: .distantFuture)
                    var blocks = Blocks(body: response.body.makeAsyncIterator())
                    #expect(try await blocks.next()?.hasPrefix("event: progress") == true, "the job as it is, at once")

                    // The stream waits for a change, at the latest until the keep-alive is due.
                    await clock.sleepers(1, within: interval)
                    clock.advance(by: interval)
                    #expect(try await blocks.next() == ": keep-alive")

                    // Just short of the next one: the stream waits again, and a change comes first.
                    await clock.sleepers(1, within: interval)
                    clock.advance(by: interval - .milliseconds(100))
                    await clock.sleepers(1, within: .milliseconds(100))
                    #expect(try await client.call(.delete, "/v1/jobs/\(id)", key: key).status == .ok)
                    #expect(try await blocks.next()?.hasPrefix("event: cancelled") == true, "no keep-alive before 15 s of silence")
                    #expect(try await blocks.next() == nil, "the stream ends with the job")
                }
            }
        }
    }
}
