import Foundation
import GlintTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a test server, for clients no HTTP library would be: headers sent a
/// line at a time, bodies a few bytes a second, connections that say nothing. Its reads block:
/// run them through ``blocking(_:_:_:)``, which bounds them and gives up on the connection past
/// the bound.
///
/// No method reads a clock or sleeps. A trickle is paced by the server: each piece goes once the
/// server has said nothing for the pacing interval (``serverSilence(for:)``, one `poll(2)` on the
/// socket), so the server's close is seen the moment it happens, never on a later look.
final class RawClientSocket: @unchecked Sendable {
    private let descriptor: Int32

    /// What the server did while the client waited for it.
    enum Heard: Equatable {
        /// Nothing, for the whole interval.
        case silence
        /// Bytes, the connection still open.
        case text(String)
        /// The end of the connection (the server closed or reset it).
        case closed
    }

    /// How a trickle ended.
    struct Trickled: Sendable {
        /// Everything the server sent.
        var reply: String
        /// How many of the pieces had been sent when the server closed the connection; nil when
        /// it was still open after the last one (and the pacing interval after it).
        var closedAfter: Int?
    }

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

    /// Waits for the server to send something or close the connection, for `interval` at most: one
    /// `poll(2)` on the socket, which returns the moment the server acts (an event), the interval
    /// being only how long the caller lets it stay silent.
    func serverSilence(for interval: Duration) -> Heard {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        let ready = poll(&poller, 1, milliseconds)
        guard ready != 0 else { return .silence }
        guard ready > 0 else { return errno == EINTR ? .silence : .closed }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count <= 0 ? .closed : .text(String(decoding: buffer[0..<count], as: UTF8.self))
    }

    /// Sends `pieces` one at a time, each once the server has been silent for `interval` since the
    /// last (what it sends meanwhile is kept), then gives it `interval` more; stops at the server's
    /// close.
    func trickle(_ pieces: [String], every interval: Duration) -> Trickled {
        var reply = ""
        var sent = 0
        while true {
            switch serverSilence(for: interval) {
            case .closed: return Trickled(reply: reply, closedAfter: sent)
            case .text(let text): reply += text
            case .silence: break
            }
            guard sent < pieces.count else { return Trickled(reply: reply, closedAfter: nil) }
            guard send(pieces[sent]) else { return Trickled(reply: reply, closedAfter: sent) }
            sent += 1
        }
    }

    /// Everything the server sends until it closes the connection (a blocking read, no time limit
    /// of its own).
    func readToClose() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = recv(descriptor, &buffer, buffer.count, 0), count > 0 {
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Runs `body` with this connection on a thread of its own, for `bound` at most (``Waiting/within(_:_:_:)``):
    /// past it ``Waiting/TimedOut`` is thrown and the connection shut down, which ends a read or
    /// wait still blocked in `body`, so that its thread ends too.
    func blocking<R: Sendable>(_ bound: Duration, _ what: String, _ body: @escaping @Sendable (RawClientSocket) -> R) async throws -> R {
        try await Waiting.within(bound, what) { [self] in
            await withTaskCancellationHandler {
                await OwnThread.run { body(self) }
            } onCancel: {
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }
}
