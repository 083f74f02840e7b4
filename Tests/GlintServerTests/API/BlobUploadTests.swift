import Crypto
import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import NIOCore
import Testing

@testable import GlintServer

/// `POST /v1/blobs` and `HEAD /v1/blobs/{id}`: content addressing, the size limit, cut-off bodies.
@Suite("server: blob uploads", .suiteTimeLimit)
struct BlobUploadTests {
    @Test("an upload is stored under its SHA-256 and HEAD answers for its owner only")
    func uploadAndHead() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                let response = try await client.upload(bytes, key: harness.alice)
                #expect(response.status == .created)
                let json = try response.json()
                let id = try #require(json["id"] as? String)
                #expect(json["size"] as? Int == bytes.count)
                #expect(id == SHA256Hex.of(bytes))
                #expect(response.headers[.location] == "/v1/blobs/\(id)")
                let stored = try Data(contentsOf: harness.server.blobs.url(for: BlobID(id)!))
                #expect([UInt8](stored) == bytes)
                let head = try await client.call(.head, "/v1/blobs/\(id)", key: harness.alice)
                #expect(head.status == .ok)
                #expect(head.headers[.contentLength] == String(bytes.count))
                #expect(try await client.call(.head, "/v1/blobs/\(id)", key: harness.bob).status == .notFound)
                #expect(try await client.call(.head, "/v1/blobs/\(String(repeating: "0", count: 64))", key: harness.alice).status == .notFound)
                #expect(try await client.call(.head, "/v1/blobs/..", key: harness.alice).status == .notFound)
                #expect(harness.temporaryBlobFiles().isEmpty)
            }
        }
    }

    @Test("an upload over the limit is a 413 problem and leaves no blob and no temporary file")
    func overLimit() async throws {
        try await ServerHarness.with(maxUploadBytes: 1000) { harness in
            try await harness.serve { client in
                let response = try await client.upload([UInt8](repeating: 7, count: 1001), key: harness.alice)
                #expect(response.status == .contentTooLarge)
                #expect(response.problemSlug == "payload-too-large")
                let exact = try await client.upload([UInt8](repeating: 7, count: 1000), key: harness.alice)
                #expect(exact.status == .created)
            }
            #expect(harness.storedBlobFiles().count == 1)
            #expect(harness.temporaryBlobFiles().isEmpty)
        }
    }

    @Test("a chunked upload that grows past the limit is refused while streaming, nothing left behind")
    func chunkedOverLimit() async throws {
        try await ServerHarness.with(maxUploadBytes: 10_000) { harness in
            try await harness.serve { client in
                let port = try #require(client.port)
                var request = "POST /v1/blobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(harness.alice)\r\nTransfer-Encoding: chunked\r\n\r\n"
                for _ in 0..<4 { request += "1000\r\n" + String(repeating: "x", count: 4096) + "\r\n" }
                request += "0\r\n\r\n"
                let reply = try await RawHTTPConnection.exchange(port: port, send: Array(request.utf8), closeAfterSending: false)
                #expect(reply.hasPrefix("HTTP/1.1 413"), "\(reply.prefix(200))")
                #expect(reply.contains("payload-too-large"))
            }
            #expect(harness.storedBlobFiles().isEmpty)
            #expect(harness.temporaryBlobFiles().isEmpty)
        }
    }

    @Test("a body cut off before its Content-Length (client closes) leaves no blob and no temporary file")
    func cutOff() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve { client in
                let port = try #require(client.port)
                let head = "POST /v1/blobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(harness.alice)\r\nContent-Length: 100000\r\n\r\n"
                _ = try await RawHTTPConnection.exchange(port: port, send: Array(head.utf8) + [UInt8](repeating: 1, count: 30_000), closeAfterSending: true)
                #expect(try await client.call(.get, "/health/live", key: nil).status == .ok)
            }
            // The server notices the close asynchronously; it has stopped once `serve` returns, and a
            // stop awaits every connection's task, the cut-off upload's clean-up included.
            #expect(harness.storedBlobFiles().isEmpty)
            #expect(harness.temporaryBlobFiles().isEmpty)
        }
    }
}

/// SHA-256 hex, for checking blob ids.
enum SHA256Hex {
    static func of(_ bytes: [UInt8]) -> String {
        LowercaseHex.string(Array(Crypto.SHA256.hash(data: bytes)))
    }
}
