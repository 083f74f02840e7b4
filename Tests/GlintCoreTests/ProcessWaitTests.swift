import Foundation
import GlintTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The waits every real-process test stands on (GlintTestSupport: `Waiting`, `ProcessExit`,
/// `ExternalTool`), against what hung a whole test run: a thread blocked on a process's end that
/// Foundation never announced (a descriptor of the process outlived it in another process), and a
/// wait whose bound was no bound once its body could not be cancelled.
///
/// Each runs `sh`, which exits at once and leaves a process of its own behind: that process holds
/// every descriptor `sh` had, the child end of Foundation's socket pair among them, as a
/// `glint serve`'s runner holds its serve's, or a runner another test's in-process worker
/// started in the same moment holds whatever this process had open. The leftover is killed at the
/// end.
@Suite("Waiting for processes without Foundation's notice", .suiteTimeLimit)
struct ProcessWaitTests {
    /// `sh -c SCRIPT`, which prints the pid of a `sleep` it leaves running, then exits 3; its
    /// output goes to `output`.
    static func shellLeavingAProcessBehind(output: URL) throws -> Process {
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 300 & echo $!; exit 3"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        return process
    }

    /// Kills the process whose pid `text` holds (the leftover `sleep`).
    static func killLeftover(named text: String) {
        if let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
    }

    @Test("a child that ended is seen to end, with its status, while Foundation still takes it for running")
    func endSeenWithoutFoundation() async throws {
        let directory = try TemporaryDirectory("glint-process-wait")
        defer { directory.remove() }
        let output = directory.file("leftover.txt")
        let process = try Self.shellLeavingAProcessBehind(output: output)
        try process.run()
        let status = try await ProcessExit.status(of: process, within: .seconds(60))
        defer { Self.killLeftover(named: (try? String(contentsOf: output, encoding: .utf8)) ?? "") }
        #expect(status == .exited(3))
        // The cause, still there: Foundation has not seen the end (the leftover holds its descriptor).
        #expect(process.isRunning, "Foundation saw sh end although its leftover holds the socket pair")
    }

    @Test("ExternalTool.run returns as a program that leaves a process running exits, with its status, on no thread of the pool")
    func externalToolDoesNotWaitForALeftover() async throws {
        // Past its bound the test fails, saying so (a thread of its own waits, never the pool's).
        let outcome = try await Waiting.blocking(.seconds(60), "ExternalTool.run to see sh end") {
            try ExternalTool.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 300 & echo $!; exit 3"])
        }
        defer { Self.killLeftover(named: outcome.stdoutText) }
        #expect(outcome.status == 3 && !outcome.terminatedBySignal && !outcome.timedOut, "\(outcome.summary)")
    }

    @Test("a wait's bound holds against a body that cancellation cannot reach: given up while its thread is still blocked")
    func boundHoldsAgainstABlockedThread() async throws {
        let release = DispatchSemaphore(value: 0)
        let ended = Mutex(false)
        defer { release.signal() }
        do {
            try await Waiting.blocking(Waiting.shortestBound, "a thread that is never released") {
                release.wait()
                ended.withLock { $0 = true }
            }
            Issue.record("the blocked thread returned before it was released")
        } catch let timedOut as Waiting.TimedOut {
            #expect(timedOut.bound == Waiting.shortestBound)
            #expect(!ended.withLock { $0 }, "the wait gave up while the thread was still blocked")
        }
    }

    @Test("a wait's body sees its event while every thread of the task pool is held by other work")
    func bodyRunsOffThePool() async throws {
        // As many tasks as the pool has threads (one a core) each hold one, blocked, until a thread
        // of its own has seen the body end: the body can only end on a thread that is not the pool's.
        let width = UsableCores.count
        let (held, event, ended, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let outcome = Mutex<(allHeld: Bool, endedWhileHeld: Bool)?>(nil)
        Thread {
            let allHeld = (0..<width).allSatisfy { _ in Waiting.blockingWait(for: held, within: .seconds(600)) }
            event.signal()
            let endedWhileHeld = Waiting.blockingWait(for: ended, within: .seconds(60))
            outcome.withLock { $0 = (allHeld, endedWhileHeld) }
            for _ in 0..<width { release.signal() }
        }.start()
        for _ in 0..<width {
            Task.detached {
                held.signal()
                release.wait()
            }
        }
        let seen = try await Waiting.within(.seconds(600), "the event, then the pool back") {
            try await OwnThread.run { Waiting.blockingWait(for: event, within: .seconds(600)) }
            ended.signal()
            return true
        }
        #expect(seen)
        let observed = try #require(outcome.withLock { $0 })
        #expect(observed.allHeld, "the pool's threads were not all held within the bound")
        #expect(observed.endedWhileHeld, "the body ended only once the pool was given back")
    }
}
