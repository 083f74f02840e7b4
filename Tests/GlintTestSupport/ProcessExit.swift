import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How a child process ended, as the kernel tells it, whether Foundation has noticed or not.
///
/// Foundation's `Process` (Linux) learns that its child ended only when the child's end of a
/// socket pair it gives the child is closed by every process that holds a copy: the child, and
/// whatever inherited the descriptor from it or, in the moment of the launch, from this process
/// (a `glint serve`'s runners; a runner an in-process worker of another test started then, with
/// `posix_spawn`, which passes on every descriptor not marked close-on-exec). Until the last copy
/// closes, `isRunning` stays true, `terminationHandler` is not called and `waitUntilExit()` does not
/// return, though the child is long gone: a thread blocked on one of them waits for a process
/// that is not the one it waits for, and a thread of the task pool blocked so holds one of its two
/// threads, which the whole test process shares.
///
/// So a test awaits a child's end through the kernel (a pidfd, ``Waiting/exit(of:within:)``) and
/// reads how it ended here, with `waitid(WNOWAIT)`: the child is left for Foundation to reap.
public enum ProcessExit {
    /// How a process ended.
    public enum Status: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)

        /// As a shell gives it: the exit status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// How the child `process` (run already) ended, once it has, awaited for `bound` at most.
    /// - Throws: ``Waiting/TimedOut`` when it still runs at the bound.
    public static func status(of process: Process, within bound: Duration) async throws -> Status {
        try await Waiting.exit(of: process.processIdentifier, within: bound)
        return await OwnThread.run { endedStatus(of: process) }
    }

    /// How the child `process` (run already) ended, blocking the calling thread until it has, for
    /// `bound` at most: for synchronous helpers (``ExternalTool``). Nil when it still runs at the
    /// bound.
    public static func blockingStatus(of process: Process, within bound: Duration) -> Status? {
        guard Waiting.blockingExit(of: process.processIdentifier, within: bound) else { return nil }
        return endedStatus(of: process)
    }

    /// How the child `process`, which has ended, ended: the kernel's word while it waits to be
    /// reaped, Foundation's once Foundation has reaped it (it does so as soon as it notices).
    static func endedStatus(of process: Process) -> Status {
        var info = siginfo_t()
        while waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOWAIT) != 0 {
            guard errno == EINTR else {
                // Reaped already (ECHILD): Foundation has its status, and marks it ended next.
                process.waitUntilExit()
                let status = process.terminationStatus
                return process.terminationReason == .exit ? .exited(status) : .signalled(status)
            }
        }
        let status = info._sifields._sigchld.si_status
        return Int(info.si_code) == Int(CLD_EXITED) ? .exited(status) : .signalled(status)
    }
}
