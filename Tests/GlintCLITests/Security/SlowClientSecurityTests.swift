import Foundation
import GlintTestSupport
import Testing

/// Issue 24 part 8: slow clients cannot hold `glint serve`. Each attack runs against a real
/// server on loopback over raw TCP: headers trickled a line at a time, a connection that never
/// speaks, an idle keep-alive connection, and an upload of 10 bytes a second. The server closes
/// each within its deadline and keeps answering others meanwhile.
///
/// Each attack lasts far longer than its deadline (a minute or more) and returns as soon as the
/// server closes it, so a loaded machine whose timers fire seconds late still passes and a server
/// without the deadline still fails; the bounds sit well after the deadline and well before the
/// attack's own end.
@Suite("security: slow clients", .suiteTimeLimit)
struct SlowClientSecurityTests {
    @Test("headers trickled one line every 2 s for a minute are cut off by the 10 s header deadline; others are served meanwhile")
    func trickledHeaders() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let socket = try RawClientSocket(base: server.base)
        let started = ContinuousClock.now
        let trickle = Task.detached {
            await OwnThread.run { () -> (String, Bool) in
                socket.send("GET /health/live HTTP/1.1\r\n")
                var reply = ""
                for line in 0..<30 {
                    let (text, closed) = socket.receive(for: 2)
                    reply += text
                    if closed { return (reply, true) }
                    socket.send("X-Slow-\(line): still coming\r\n")
                }
                socket.send("Host: 127.0.0.1\r\n\r\n")
                let (text, closed) = socket.receive(for: 5)
                return (reply + text, closed)
            }
        }
        try await Task.sleep(for: .seconds(3))
        #expect(await server.isAlive(within: 20), "the server answers others while one client trickles (for a minute)")
        let (reply, closed) = await trickle.value
        let took = ContinuousClock.now - started
        #expect(closed, "the trickling connection was not closed")
        #expect(!reply.contains("200"), "the trickled request was answered: \(reply)")
        #expect(took < .seconds(40), "closed after \(took), the deadline is 10 s (the trickle alone lasts 60 s)")
        #expect(await server.isAlive())
    }

    @Test("a connection that never sends a byte is closed at the header deadline")
    func silentConnection() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--header-timeout-seconds", "2"])
        defer { server.remove() }
        let socket = try RawClientSocket(base: server.base)
        let closed = await OwnThread.run { socket.isClosedByServer(within: 30) }
        #expect(closed, "a silent connection was held for 30 s with a 2 s header deadline")
    }

    @Test("an idle keep-alive connection is closed after --idle-timeout-seconds")
    func idleKeepAlive() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--idle-timeout-seconds", "2"])
        defer { server.remove() }
        let socket = try RawClientSocket(base: server.base)
        let (reply, closed) = await OwnThread.run { () -> (String, Bool) in
            socket.send("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return socket.receive(for: 30)
        }
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply)")
        #expect(closed, "an idle keep-alive connection was held for 30 s with a 2 s idle timeout")
    }

    @Test("an upload trickled at 10 bytes/s is cut off, leaves no blob, and others are served meanwhile")
    func tricklingUpload() async throws {
        let server = try await SecurityServer.start(["--no-workers", "--upload-rate-window-seconds", "3"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "acme")
        let socket = try RawClientSocket(base: server.base)
        let started = ContinuousClock.now
        let trickle = Task.detached {
            await OwnThread.run { () -> Bool in
                socket.send("POST /v1/blobs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\nContent-Length: 100000\r\n\r\n")
                for _ in 0..<60 {
                    guard socket.send(String(repeating: "x", count: 10)) else { return true }
                    if socket.receive(for: 1).closed { return true }
                }
                return false
            }
        }
        try await Task.sleep(for: .seconds(2))
        #expect(await server.isAlive(within: 20), "the server answers others while one client trickles (for a minute)")
        let closed = await trickle.value
        let took = ContinuousClock.now - started
        #expect(closed, "an upload at 10 bytes/s was held for 60 s")
        #expect(took < .seconds(40), "cut off after \(took), the window is 3 s (the trickle alone lasts 60 s)")
        let listing = FileManager.default.enumerator(atPath: server.dataDirectory.appendingPathComponent("blobs").path)?.allObjects ?? []
        let blobs = listing.compactMap { $0 as? String }.filter { URL(fileURLWithPath: $0).lastPathComponent.count == 64 }
        #expect(blobs.isEmpty, "\(blobs)")
        #expect(await server.isAlive())
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
