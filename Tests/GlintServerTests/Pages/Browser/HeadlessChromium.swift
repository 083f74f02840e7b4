import Foundation
import GlintTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium (Debian's `chromium`) driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands are written to the browser's fd 3 and answers read
/// from its fd 4, each a JSON message ended by a NUL byte), so no WebSocket is needed.
///
/// One instance is used by one test at a time. Reads never block a thread: the answer pipe is
/// non-blocking and polled with short sleeps, so the server under test keeps running in the
/// same process.
final class HeadlessChromium {
    /// Why the browser could not be driven.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The browser executable, nil when it is not installed (``Requirement/chromium``).
    static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: TemporaryDirectory
    private var nextID = 1
    private var pending: [UInt8] = []

    init() throws {
        guard let executable = Self.executable else { throw Failure(description: "chromium is not installed") }
        profile = try TemporaryDirectory("glint-chromium")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe() failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
            "--user-data-dir=\(profile.path)", "about:blank",
        ]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else { throw Failure(description: "could not start \(executable): \(String(cString: strerror(status)))") }
        pid = child
        commands = toBrowser[1]
        answers = fromBrowser[0]
        _ = fcntl(answers, F_SETFL, fcntl(answers, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(commands)
        close(answers)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Sends `method` with `params` (to a page when `session` is given) and returns the answer's
    /// `result`. Events that arrive meanwhile are dropped.
    @discardableResult
    func send(
        _ method: String, _ params: [String: Any] = [:], session: String? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure(description: "\(method): could not write to the browser") }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            while let reply = try nextMessage() {
                guard reply["id"] as? Int == id else { continue }
                if let error = reply["error"] as? [String: Any] {
                    throw Failure(description: "\(method): \(error["message"] ?? error)")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure(description: "\(method): no answer from the browser in \(timeout)")
    }

    /// One whole message from the answer pipe, or nil when none has arrived yet.
    private func nextMessage() throws -> [String: Any]? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = Array(pending[..<end])
                pending.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any]
            }
            let count = buffer.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
            } else if count == 0 {
                throw Failure(description: "the browser closed its DevTools pipe")
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return nil
            } else {
                throw Failure(description: "reading the DevTools pipe: \(String(cString: strerror(errno)))")
            }
        }
    }
}

extension Requirement {
    /// Headless Chromium (``HeadlessChromium/executable``), for the tests of the pages in a real browser.
    static let chromium = Requirement(
        "chromium (/usr/bin/chromium, chromium-browser or google-chrome)", remedy: "apt-get install chromium (make deps installs it)"
    ) { HeadlessChromium.executable != nil }
}
