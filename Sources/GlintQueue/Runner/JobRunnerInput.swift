import Foundation
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

/// A runner's standard input: each line is a request, read by the runner's job loop itself (no
/// hand-off between threads before a job starts). A thread of its own only watches for the end:
/// when the worker closes it, or is gone (even killed with SIGKILL), the runner exits at once
/// with status 3, whether it is working or waiting.
final class JobRunnerInput {
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private let clock: any WallClock

    /// Starts watching for the end; waits for requests go by `clock`.
    init(clock: any WallClock = SystemWallClock()) {
        self.clock = clock
        let thread = Thread { Self.exitOnHangUp() }
        thread.name = "glint-runner-input"
        thread.start()
    }

    /// The next request line, waiting up to `timeout` for it; nil when none came in time.
    func next(timeout: Duration) -> Data? {
        let deadline = clock.deadline(after: timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return Data(buffer[..<newline])
            }
            let left = clock.remaining(until: deadline)
            guard left > .zero else { return nil }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: Int((left / .milliseconds(1)).rounded(.up))))
            if ready < 0 && errno == EINTR || ready == 0 { continue }
            let count = ready < 0 ? -1 : read(0, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { _exit(3) }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Blocks until standard input hangs up (its other end closed), then ends the process. Data
    /// waiting to be read does not wake it: it asks only for the hang-up.
    private static func exitOnHangUp() -> Never {
        let peerClosed: Int16 = 0x2000  // POLLRDHUP, which Glibc does not import (a _GNU_SOURCE name)
        var descriptor = pollfd(fd: 0, events: peerClosed, revents: 0)
        while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
        _exit(3)
    }
}
