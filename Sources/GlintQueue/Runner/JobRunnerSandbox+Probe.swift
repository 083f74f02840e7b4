import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension JobRunnerSandbox {
    /// Why a sandbox cannot be had here, in words an operator can act on.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The sandbox for runners of `executable`, once bubblewrap has started the runner in it (with
    /// `arguments` and `--check`: the runner exits at once), its seccomp filter loaded.
    /// - Parameter searchPath: Where to look for `bwrap` (`PATH`: folders separated by colons).
    /// - Throws: ``Unavailable`` when `bwrap` is not installed, the seccomp filter cannot be built,
    ///   or bubblewrap cannot make namespaces here (with its own words, and the kernel setting that
    ///   forbids them where one does).
    public static func probe(executable: URL, arguments: [String], searchPath: String) throws(Unavailable) -> JobRunnerSandbox {
        let folders = searchPath.split(separator: ":").map(String.init)
        guard let bubblewrap = folders.map({ $0 + "/bwrap" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(description: "bubblewrap (bwrap) is not installed (not found in PATH)")
        }
        let seccomp: RunnerSeccompFilter
        do {
            seccomp = try RunnerSeccompFilter.build()
        } catch {
            throw Unavailable(description: error.description)
        }
        let program = executable.resolvingSymlinksInPath().path
        let sandbox = JobRunnerSandbox(bubblewrap: bubblewrap, readOnlyPaths: [program] + libraryFolders(of: program), seccomp: seccomp)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("glint-sandbox-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let (termination, message) = try sandbox.check(command: [program] + arguments + [JobRunnerChild.checkArgument], work: work)
        guard termination == .exited(0) else {
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
            let setting = userNamespaceSetting().map { "; \($0)" } ?? ""
            throw Unavailable(
                description: "bubblewrap cannot make a sandbox here (\(reason.isEmpty ? "it ended with \(termination)" : reason))\(setting)")
        }
        return sandbox
    }

    /// Starts `command` in this sandbox, as a runner is started, and waits for it; returns how it
    /// ended and what it (or bubblewrap) wrote to standard error.
    private func check(command: [String], work: URL) throws(Unavailable) -> (JobRunnerProcess.Termination, String) {
        let errorsFile = work.appendingPathComponent("errors.txt")
        let errors = open(errorsFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { if errors >= 0 { close(errors) } }
        let attempt = Attempt(readOnly: [], writable: [work.path], workDirectory: work.path)
        let process: JobRunnerProcess
        do {
            process = try JobRunnerProcess.spawn(command, sandbox: self, attempt: attempt, inheritedEnvironment: [:], standardError: errors)
        } catch {
            throw Unavailable(description: "bubblewrap (\(bubblewrap)) could not be started: \(error)")
        }
        try? process.input.close()
        let termination = process.waitForExit()
        let message = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        return (termination, String(message.prefix(2000)))
    }

    /// The kernel setting that forbids unprivileged user namespaces here, where one does, with how
    /// to allow them.
    static func userNamespaceSetting() -> String? {
        func value(_ path: String) -> String? {
            (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if value("/proc/sys/user/max_user_namespaces") == "0" {
            return "user namespaces are disabled (user.max_user_namespaces = 0: sysctl -w user.max_user_namespaces=15000 allows them)"
        }
        if value("/proc/sys/kernel/unprivileged_userns_clone") == "0" {
            return "unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone = 0: sysctl -w kernel.unprivileged_userns_clone=1 allows them)"
        }
        if value("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1" {
            return
                "AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1: an AppArmor profile for bwrap with `userns`, or sysctl -w kernel.apparmor_restrict_unprivileged_userns=0, allows them)"
        }
        return nil
    }
}
