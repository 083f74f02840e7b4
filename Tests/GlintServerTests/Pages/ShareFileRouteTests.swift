import Foundation
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GlintServer

@Suite("Share file routes", .requires(.sharedFixtures), .suiteTimeLimit)
struct ShareFileRouteTests {
    @Test("a share made with keepLocation serves the still as stored, whole, with its type and length")
    func still() async throws {
        let fixture = try PagesFixture()
        let expected = try Data(contentsOf: fixture.pair.still.url)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("kept"))/still", method: .get) { response in
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
        let uri = "/s/\(PagesFixture.token("kept"))/motion"
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

    @Test("until its copies without location are made, a share serves no file of the job: still, display and motion are 503 with Retry-After")
    func preparingServesNoOriginal() async throws {
        let fixture = try PagesFixture()
        try await fixture.application().test(.router) { client in
            for file in ["still", "display", "motion"] {
                try await client.execute(uri: "/s/\(PagesFixture.token("active"))/\(file)", method: .get) { response in
                    #expect(response.status == .serviceUnavailable, "\(file)")
                    #expect(response.headers[.retryAfter] == "5")
                    #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "the preparing page, not the file")
                }
            }
            // The page itself works meanwhile.
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("once made, the share's still and motion are the copies without location, not the job's files")
    func locationFreeCopies() async throws {
        let fixture = try PagesFixture().withRenditions()
        let renditions = try #require(fixture.source.shares["active"]?.renditions)
        let still = try Data(contentsOf: try #require(renditions["still"]).url)
        let movie = try Data(contentsOf: try #require(renditions["movie"]).url)
        let (originalStill, originalMovie) = (try Data(contentsOf: fixture.pair.still.url), try Data(contentsOf: fixture.pair.movie.url))
        #expect(still != originalStill && movie != originalMovie)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/still", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(Data(response.body.bytes) == still)
            }
            try await client.execute(uri: "/s/\(PagesFixture.token("active"))/motion", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "video/quicktime")
                #expect(Data(response.body.bytes) == movie)
            }
        }
    }
}
