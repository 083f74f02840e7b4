import Foundation
import GlintTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium (Debian's `chromium`) driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands are written to the browser's fd 3 and answers read
/// from its fd 4, each a JSON message ended by a NUL byte), so no WebSocket is needed.
///
/// One instance is used by one test at a time. The answer pipe is read on a thread of its own
/// (``DevToolsPipe``): a command awaits its answer, an action the event that ends it (a page's
/// load), and nothing polls, so the server under test keeps running in the same process.
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
    private let answers: DevToolsPipe
    private let profile: TemporaryDirectory
    private var nextID = 1

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
        // No other descriptor of this process (posix_spawn hands on all those not close-on-exec:
        // other tests' pipes and sockets, which the browser would hold open past their owners).
        _ = Self.addCloseFrom(&actions, 5)
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
        answers = DevToolsPipe(reading: fromBrowser[0])
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np(3)` (2.34), which Swift's Glibc module
    /// does not declare.
    private static let addCloseFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc has no posix_spawn_file_actions_addclosefrom_np (2.34 or later is needed)")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    deinit {
        // The answer pipe's reader closes its end once the browser is gone.
        close(commands)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Sends `method` with `params` (to a page when `session` is given) and returns the answer's
    /// `result`, awaited for `bound` at most (a guard against a hung browser, not a timing).
    /// Events that arrive meanwhile are kept for ``event(_:session:)``.
    @discardableResult
    func send(
        _ method: String, _ params: [String: Any] = [:], session: String? = nil,
        bound: Duration = .seconds(120)
    ) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure(description: "\(method): could not write to the browser") }
        let answers = self.answers
        guard let data = try await Waiting.within(bound, "the browser's answer to \(method)", { await answers.answer(to: id) }) else {
            throw Failure(description: "\(method): the browser closed its DevTools pipe")
        }
        let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        if let error = reply["error"] as? [String: Any] {
            throw Failure(description: "\(method): \(error["message"] ?? error)")
        }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// The next event `method` of `session` (kept since the last ``dropEvents(session:)``, or
    /// still to come), awaited for `bound` at most.
    @discardableResult
    func event(_ method: String, session: String?, bound: Duration = .seconds(120)) async throws -> [String: Any] {
        let answers = self.answers
        guard let data = try await Waiting.within(bound, "the browser's event \(method)", { await answers.event(method, session: session) }) else {
            throw Failure(description: "waiting for \(method): the browser closed its DevTools pipe")
        }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Forgets the events of `session` kept so far: before an action whose event is awaited next.
    func dropEvents(session: String?) {
        answers.dropEvents(session: session)
    }
}

extension Requirement {
    /// Headless Chromium (``HeadlessChromium/executable``), for the tests of the pages in a real browser.
    static let chromium = Requirement(
        "chromium (/usr/bin/chromium, chromium-browser or google-chrome)", remedy: "apt-get install chromium (make deps installs it)"
    ) { HeadlessChromium.executable != nil }
}
