import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a test server, for clients no HTTP library would be: headers sent a
/// line at a time, bodies a few bytes a second, connections that say nothing. Blocking calls,
/// meant to be run off the cooperative pool (``detached(_:)``) when they wait long.
final class RawClientSocket: @unchecked Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1 on the port of `base` (`http://127.0.0.1:PORT`).
    init(base: String) throws {
        guard let port = URLComponents(string: base)?.port else { throw POSIXError(.EINVAL) }
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Reads what the server sends for up to `seconds`, until it closes; returns the text and
    /// whether the server closed the connection.
    func receive(for seconds: Double) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return (String(decoding: received, as: UTF8.self), false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
        }
    }

    /// Whether the server closes the connection within `seconds` (bytes it sends meanwhile are read
    /// and dropped).
    func isClosedByServer(within seconds: Double) -> Bool {
        receive(for: seconds).closed
    }
}
