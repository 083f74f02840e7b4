import Foundation
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import Testing

@testable import GlintServer

/// `GET /v1/jobs/{id}/outputs/{name}`: headers, ETag, ranges and names.
@Suite("server: output downloads", .suiteTimeLimit)
struct OutputDownloadTests {
    static let text = "0123456789abcdefghijklmnopqrstuvwxyz"

    @Test("an output streams with Content-Type, ETag, Content-Disposition; If-None-Match is 304; ranges are 206 or 416")
    func headersRangesAndETag() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve(workers: 1) { client in
                let id = try await client.submit(#"{"kind": "queue.noop", "params": {"output": "\#(Self.text)"}}"#, key: harness.alice)["id"] as! String
                let job = try await client.waitUntilFinished(id, key: harness.alice)
                let output = try #require((job["outputs"] as? [String: [String: Any]])?["output"])
                #expect(output["size"] as? Int == Self.text.utf8.count)
                #expect(output["url"] as? String == "/v1/jobs/\(id)/outputs/output")
                let uri = "/v1/jobs/\(id)/outputs/output"

                let whole = try await client.call(.get, uri, key: harness.alice)
                #expect(whole.status == .ok)
                #expect(String(buffer: whole.body) == Self.text)
                let etag = try #require(whole.headers[.eTag])
                #expect(etag == "\"\(output["blob"] as! String)\"")
                #expect(whole.headers[.acceptRanges] == "bytes")
                #expect(whole.headers[.contentLength] == String(Self.text.utf8.count))
                #expect(
                    whole.headers[.contentDisposition] == "attachment; filename=\"\(id.prefix(8))-output.bin\"; filename*=UTF-8''\(id.prefix(8))-output.bin")
                #expect(whole.headers[PageHeaders.contentTypeOptions] == "nosniff")

                let cached = try await client.call(.get, uri, key: harness.alice, headers: [.ifNoneMatch: etag])
                #expect(cached.status == .notModified)
                #expect(cached.body.readableBytes == 0)
                #expect(try await client.call(.get, uri, key: harness.alice, headers: [.ifNoneMatch: "\"other\""]).status == .ok)

                let middle = try await client.call(.get, uri, key: harness.alice, headers: [.range: "bytes=10-15"])
                #expect(middle.status == .partialContent)
                #expect(String(buffer: middle.body) == "abcdef")
                #expect(middle.headers[.contentRange] == "bytes 10-15/36")
                let suffix = try await client.call(.get, uri, key: harness.alice, headers: [.range: "bytes=-4"])
                #expect(String(buffer: suffix.body) == "wxyz")
                let open = try await client.call(.get, uri, key: harness.alice, headers: [.range: "bytes=30-"])
                #expect(String(buffer: open.body) == "uvwxyz")
                let beyond = try await client.call(.get, uri, key: harness.alice, headers: [.range: "bytes=36-40"])
                #expect(beyond.status == .rangeNotSatisfiable)
                #expect(beyond.headers[.contentRange] == "bytes */36")
                #expect(beyond.problemSlug == "range-not-satisfiable")
                // Several ranges are answered with the whole file (allowed by RFC 9110).
                let several = try await client.call(.get, uri, key: harness.alice, headers: [.range: "bytes=0-1,4-5"])
                #expect(several.status == .ok)
            }
        }
    }

    @Test("output names with '/', '..' or NUL are invalid-name problems; unknown names are not-found")
    func names() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve(workers: 1) { client in
                let id = try await client.submit(#"{"kind": "queue.noop", "params": {"output": "x"}}"#, key: harness.alice)["id"] as! String
                _ = try await client.waitUntilFinished(id, key: harness.alice)
                for name in ["..%2F..%2Fqueue.sqlite", "%2E%2E", "a%00b", "output%2F..", "a/b", "..%5Cx"] {
                    let response = try await client.call(.get, "/v1/jobs/\(id)/outputs/\(name)", key: harness.alice)
                    #expect(response.status == .badRequest, "\(name): \(response.status)")
                    #expect(response.problemSlug == "invalid-name", "\(name)")
                }
                let unknown = try await client.call(.get, "/v1/jobs/\(id)/outputs/still", key: harness.alice)
                #expect(unknown.problemSlug == "not-found")
            }
        }
    }
}
