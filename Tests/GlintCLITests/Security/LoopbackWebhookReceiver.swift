import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A webhook receiver on 127.0.0.1 for the security suite, on plain sockets (one thread per
/// connection): it records each request's headers and body and answers `answer`, or, when
/// `answer` is nil, accepts and never answers (the connection stays open until ``stop()``).
final class LoopbackWebhookReceiver: @unchecked Sendable {
    /// One request as received.
    struct Received: Sendable {
        var requestLine: String
        /// Header names lower-cased.
        var headers: [String: String]
        var body: Data
    }

    /// Someone awaiting a number of requests (``requests(_:)``).
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<[Received], Never>
    }

    private struct State {
        var received: [Received] = []
        var connections: [Int32] = []
        var stopped = false
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    let port: Int
    private let listener: Int32
    private let answer: String?
    private let state = Mutex(State())

    /// Listens on an ephemeral port; `status` and `headers` make the answer, nil never answers.
    init(status: Int? = 204, headers: [String: String] = [:]) throws {
        answer = status.map { status in
            "HTTP/1.1 \(status) X\r\n" + headers.map { "\($0.key): \($0.value)\r\n" }.joined() + "Content-Length: 0\r\nConnection: close\r\n\r\n"
        }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    /// What was received so far.
    var received: [Received] { state.withLock { $0.received } }

    /// The first `count` requests, as soon as that many have been received (told by the thread
    /// that reads the last of them, no polling); what was received when the wait is cancelled.
    /// Bound it with `Waiting.within`.
    func requests(_ count: Int) async -> [Received] {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[Received], Never>) in
                let ready = state.withLock { state -> [Received]? in
                    if state.received.count >= count { return Array(state.received.prefix(count)) }
                    // Cancelled before this waiter was there for the cancellation handler to find.
                    if Task.isCancelled { return state.received }
                    state.waiters[id] = Waiter(count: count, continuation: continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { state in state.waiters.removeValue(forKey: id).map { ($0, state.received) } }
                .map { waiter, received in waiter.continuation.resume(returning: received) }
        }
    }

    /// Closes the listener and every connection.
    func stop() {
        let connections = state.withLock { state -> [Int32] in
            guard !state.stopped else { return [] }
            state.stopped = true
            return state.connections + [listener]
        }
        for descriptor in connections {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let stopped = state.withLock { state in
                state.connections.append(connection)
                return state.stopped
            }
            if stopped { return }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = Self.readRequest(connection) else { return }
        let woken = state.withLock { state -> [(CheckedContinuation<[Received], Never>, [Received])] in
            state.received.append(request)
            let ready = state.waiters.filter { $0.value.count <= state.received.count }
            for id in ready.keys { state.waiters[id] = nil }
            let received = state.received
            return ready.values.map { ($0.continuation, Array(received.prefix($0.count))) }
        }
        for (continuation, requests) in woken { continuation.resume(returning: requests) }
        guard let answer else { return }  // never answers
        _ = Array(answer.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(connection, Int32(SHUT_WR))
    }

    private static func readRequest(_ connection: Int32) -> Received? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = bytes.firstRange(of: separator) {
                let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                if bytes.count - end.upperBound >= length {
                    return Received(requestLine: head[0], headers: headers, body: Data(bytes[end.upperBound..<(end.upperBound + length)]))
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            bytes += buffer[0..<count]
        }
    }
}
