import Foundation
import GlintTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the test server, for requests no HTTP client would send (a body cut
/// off before its Content-Length, chunked bodies).
enum RawHTTPConnection {
    /// Connects to 127.0.0.1:`port`, sends `bytes`, then either closes at once
    /// (`closeAfterSending`) or reads the reply until the server closes or 60 s pass.
    ///
    /// The blocking socket calls run on a thread of their own: on Swift's task pool (two threads
    /// on a 2-core machine) they would hold a thread the in-process server needs to answer, and
    /// a loaded test run saw no reply within the wait.
    static func exchange(port: Int, send bytes: [UInt8], closeAfterSending: Bool) async throws -> String {
        try await OwnThread.run { try blockingExchange(port: port, send: bytes, closeAfterSending: closeAfterSending) }
    }

    private static func blockingExchange(port: Int, send bytes: [UInt8], closeAfterSending: Bool) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
        if closeAfterSending { return "" }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            reply += buffer[0..<count]
            if let text = String(bytes: reply, encoding: .utf8), text.contains("\r\n\r\n"), text.contains("}") { break }
        }
        return String(decoding: reply, as: UTF8.self)
    }
}
