import Foundation
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

@Suite("Share file routes", .requires(.sharedFixtures), .suiteTimeLimit)
struct ShareFileRouteTests {
    @Test("the still is served whole with its type and length")
    func still() async throws {
        let fixture = try PagesFixture()
        let expected = try Data(contentsOf: fixture.pair.still.url)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/still", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.acceptRanges] == "bytes")
                #expect(response.headers[.contentLength] == String(expected.count))
                #expect(Data(response.body.bytes) == expected)
            }
        }
    }

    @Test("the motion answers single ranges with 206 and the right bytes, and 416 past its end")
    func motionRanges() async throws {
        let fixture = try PagesFixture()
        let movie = try Data(contentsOf: fixture.pair.movie.url)
        let uri = "/s/\(PagesFixture.token("active"))/motion"
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=0-99"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentType] == "video/quicktime")
                #expect(response.headers[.contentRange] == "bytes 0-99/\(movie.count)")
                #expect(Data(response.body.bytes) == movie.prefix(100))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=-16"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes \(movie.count - 16)-\(movie.count - 1)/\(movie.count)")
                #expect(Data(response.body.bytes) == movie.suffix(16))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(movie.count)-"]) { response in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(movie.count)")
            }
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.bytes) == movie)
            }
            try await client.execute(uri: uri, method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == String(movie.count))
                #expect(response.body.readableBytes == 0)
            }
        }
    }
}
