import Foundation
import GlintTestSupport
import Testing

/// Issue 24 part 8: slow clients cannot hold `glint serve`. Each attack runs against a real
/// server on loopback over raw TCP: headers trickled a line at a time, a connection that never
/// speaks, an idle keep-alive connection, and an upload of 10 bytes a second. The server closes
/// each within its deadline and keeps answering others meanwhile.
///
/// No test reads a clock. A trickle is paced by the server's silence (``RawClientSocket/trickle(_:every:)``)
/// and lasts a minute or more, far longer than the deadline: what a test checks is how much of
/// it had been sent when the server closed the connection (a server without the deadline takes
/// it all). A connection left to the server is read until the server closes it, bounded well
/// after the deadline.
@Suite("security: slow clients", .suiteTimeLimit)
struct SlowClientSecurityTests {
    @Test("headers trickled one line every 2 s for a minute are cut off by the 10 s header deadline; others are served meanwhile")
    func trickledHeaders() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let socket = try RawClientSocket(base: server.base)
        // The trickle has begun before the test asks anything else of the server.
        socket.send("GET /health/live HTTP/1.1\r\n")
        let lines = (0..<30).map { "X-Slow-\($0): still coming\r\n" } + ["Host: 127.0.0.1\r\n\r\n"]
        let trickle = Task { try await socket.blocking(.seconds(300), "a minute of trickled headers") { $0.trickle(lines, every: .seconds(2)) } }
        #expect(await server.isAlive(within: 60), "the server answers others while one client trickles (for a minute)")
        let trickled = try await trickle.value
        let closedAfter = try #require(trickled.closedAfter, "the trickling connection was not closed: \(trickled.reply)")
        #expect(!trickled.reply.contains("200"), "the trickled request was answered: \(trickled.reply)")
        // 20 lines take 40 s, four times the deadline; all 31, a server without it.
        #expect(closedAfter < 20, "closed after \(closedAfter) lines 2 s apart (a 60 s trickle), the deadline is 10 s")
        #expect(await server.isAlive(within: 60))
    }

    @Test("a connection that never sends a byte is closed at the header deadline")
    func silentConnection() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--header-timeout-seconds", "2"])
        defer { server.remove() }
        let socket = try RawClientSocket(base: server.base)
        // Returns once the server closes it; a server without the deadline holds it for good, and the wait throws.
        _ = try await socket.blocking(.seconds(60), "the server to close a silent connection (2 s header deadline)") { $0.readToClose() }
    }

    @Test("an idle keep-alive connection is closed after --idle-timeout-seconds")
    func idleKeepAlive() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--idle-timeout-seconds", "2"])
        defer { server.remove() }
        let socket = try RawClientSocket(base: server.base)
        socket.send("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Answered, then held idle: a server without the timeout keeps it open for good (and the wait throws).
        let reply = try await socket.blocking(.seconds(60), "the server to close an idle keep-alive connection (2 s idle timeout)") {
            $0.readToClose()
        }
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply)")
    }

    @Test("an upload trickled at 10 bytes/s is cut off, leaves no blob, and others are served meanwhile")
    func tricklingUpload() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--upload-rate-window-seconds", "3"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "acme")
        let socket = try RawClientSocket(base: server.base)
        // The upload has begun before the test asks anything else of the server.
        socket.send("POST /v1/blobs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\nContent-Length: 100000\r\n\r\n")
        socket.send(String(repeating: "x", count: 10))
        let chunks = Array(repeating: String(repeating: "x", count: 10), count: 59)
        let trickle = Task { try await socket.blocking(.seconds(300), "a minute of trickled upload") { $0.trickle(chunks, every: .seconds(1)) } }
        #expect(await server.isAlive(within: 60), "the server answers others while one client trickles (for a minute)")
        let trickled = try await trickle.value
        let closedAfter = try #require(trickled.closedAfter, "an upload at 10 bytes/s was held for all of its 60 chunks: \(trickled.reply)")
        // 40 chunks take 40 s, over ten times the window; all 60, a server without the rate limit.
        #expect(closedAfter < 40, "cut off after \(closedAfter) chunks 1 s apart (a 60 s trickle), the window is 3 s")
        let listing = FileManager.default.enumerator(atPath: server.dataDirectory.appendingPathComponent("blobs").path)?.allObjects ?? []
        let blobs = listing.compactMap { $0 as? String }.filter { URL(fileURLWithPath: $0).lastPathComponent.count == 64 }
        #expect(blobs.isEmpty, "\(blobs)")
        #expect(await server.isAlive(within: 60))
    }

    @Test("with the defaults, a slow but honest upload (100 kB/s) still succeeds")
    func honestSlowUpload() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "acme")
        let upload = server.directory.file("upload.bin")
        try Data((0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: upload)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--limit-rate", "100k", "-H", "Authorization: Bearer \(key)",
            "--data-binary", "@\(upload.path)", "\(server.base)/v1/blobs",
        ]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        let status = await OwnThread.run { () -> String in
            curl.waitUntilExit()
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        #expect(status == "201", "curl: \(status); \(server.logText.suffix(2000))")
    }
}
