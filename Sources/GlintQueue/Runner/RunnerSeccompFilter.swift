import CSeccomp
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The seccomp filter a sandboxed runner runs under, built once with libseccomp when the worker
/// starts (the rules: Sources/CSeccomp/include/CSeccomp.h). bubblewrap loads it (`--seccomp FD`)
/// right before it starts the runner, after it has made the sandbox: every system call the runner
/// makes, from its first instruction, passes through it.
///
/// What it refuses (with EPERM): making sockets, tracing or reading other processes, namespaces
/// and mounts, keyrings, bpf, perf events, userfaultfd, io_uring, kernel modules and kexec,
/// personality changes, the terminal-injecting ioctls; a system call of another architecture kills
/// the runner.
public struct RunnerSeccompFilter: Sendable, Equatable {
    /// The classic-BPF program, as bubblewrap reads it.
    public let program: [UInt8]

    /// Why the filter could not be built or handed over.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Builds the filter.
    /// - Throws: ``Failure`` naming libseccomp's error.
    public static func build() throws(Failure) -> RunnerSeccompFilter {
        var length = 0
        var error: Int32 = 0
        guard let bytes = glint_seccomp_runner_program(&length, &error) else {
            throw Failure(description: "libseccomp could not build the runners' filter: \(String(cString: strerror(-error)))")
        }
        defer { free(bytes) }
        return RunnerSeccompFilter(program: Array(UnsafeBufferPointer(start: bytes, count: length)))
    }

    /// A new close-on-exec memory file holding ``program`` from its start, for one bubblewrap to
    /// read; the caller closes it once bubblewrap is started.
    /// - Throws: ``Failure`` naming the error.
    func file() throws(Failure) -> Int32 {
        let descriptor = program.withUnsafeBufferPointer { glint_seccomp_program_file($0.baseAddress, $0.count) }
        guard descriptor >= 0 else { throw Failure(description: "could not hand the seccomp filter over: \(String(cString: strerror(-descriptor)))") }
        return descriptor
    }
}
