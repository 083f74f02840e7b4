import GlintTestSupport
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Testing

@testable import GlintServer

/// ``SlowClientGuard`` in the HTTP/1 pipeline Hummingbird builds (NIO's decoder, then the
/// HTTP-types codec), on an embedded channel whose clock the test advances: bytes go in raw, as a
/// client sends them.
@Suite("SlowClientGuard", .suiteTimeLimit)
struct SlowClientGuardTests {
    static let timeouts = ConnectionTimeouts(
        headerTimeout: .seconds(10), idleTimeout: .seconds(60), minimumUploadBytesPerSecond: 1000, uploadRateWindow: .seconds(10))

    /// An active channel with the server's pipeline and a guard.
    func channel(_ timeouts: ConnectionTimeouts = timeouts) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try channel.pipeline.syncOperations.addHandler(SlowClientGuard(timeouts: timeouts, logger: Logger(label: "test")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
        return channel
    }

    func send(_ text: String, to channel: EmbeddedChannel) throws {
        try channel.writeInbound(ByteBuffer(string: text))
    }

    @Test("headers trickled one line a second are cut off at 10 s, though every line came in time")
    func trickledHeaders() throws {
        let channel = try channel()
        try send("GET / HTTP/1.1\r\n", to: channel)
        for line in 0..<9 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            try send("X-Line-\(line): a\r\n", to: channel)
            #expect(channel.isActive)
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test("a connection that never sends a byte is closed at the header deadline")
    func silentConnection() throws {
        let channel = try channel()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test("a head in time and a body at the minimum rate pass; 10 bytes a second is cut off")
    func bodies() throws {
        let fast = try channel()
        try send("POST /v1/blobs HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n", to: fast)
        for _ in 0..<30 {
            fast.read()
            fast.embeddedEventLoop.advanceTime(by: .seconds(1))
            try send(String(repeating: "a", count: 1200), to: fast)
        }
        #expect(fast.isActive, "1200 bytes/s over 30 s")
        _ = try? fast.finish()

        let slow = try channel()
        try send("POST /v1/blobs HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n", to: slow)
        for _ in 0..<9 {
            slow.read()
            slow.embeddedEventLoop.advanceTime(by: .seconds(1))
            try send(String(repeating: "a", count: 10), to: slow)
        }
        #expect(slow.isActive)
        slow.read()
        slow.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!slow.isActive, "10 bytes/s")
    }

    @Test("a body the server does not ask for (it is busy) is not held against the client")
    func serverBusy() throws {
        let channel = try channel()
        try send("POST /v1/blobs HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n", to: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        _ = try? channel.finish()
    }

    @Test("with the limits off, nothing is closed")
    func off() throws {
        let channel = try channel(.none)
        try send("GET / HTTP/1.1\r\n", to: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(3600))
        #expect(channel.isActive)
        _ = try? channel.finish()
    }
}
