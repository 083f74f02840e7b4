import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A runner's standard input, read on a thread of its own: each line is a request. When it ends
/// (the worker closed it, or is gone, even killed with SIGKILL) the runner exits at once, whether
/// it is working or waiting.
final class JobRunnerInput: Sendable {
    private let lines = Mutex<[Data]>([])
    private let available = DispatchSemaphore(value: 0)

    /// Starts reading.
    init() {
        let thread = Thread { [self] in readUntilEnd() }
        thread.name = "glint-runner-input"
        thread.start()
    }

    /// The next request line, waiting up to `timeout` for it; nil when none came in time.
    func next(timeout: Duration) -> Data? {
        guard available.wait(timeout: .now() + timeout.seconds) == .success else { return nil }
        return lines.withLock { $0.removeFirst() }
    }

    private func readUntilEnd() {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(0, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { _exit(3) }
            buffer.append(contentsOf: chunk[0..<count])
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[buffer.startIndex..<newline])
                buffer.removeSubrange(buffer.startIndex...newline)
                lines.withLock { $0.append(line) }
                available.signal()
            }
        }
    }
}
