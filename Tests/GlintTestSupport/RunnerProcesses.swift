import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runner processes as the tests see them in `/proc`.
public enum RunnerProcesses {
    /// The live (not zombie) children of `parent`, those whose command name starts with `name`
    /// when one is given (the kernel keeps 15 characters of it; a program started as
    /// `/proc/self/exe` is called `exe`).
    public static func children(of parent: Int32, named name: String? = nil) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return false }
            let command = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == parent, fields[0] != "Z" else { return false }
            guard let name else { return true }
            return name.hasPrefix(command) || command.hasPrefix(name)
        }
    }

    /// The runner of `parent` running a job now, looked for once: its child, or, when the child is
    /// bubblewrap, the first descendant that is not (bubblewrap, then its PID namespace's init, then
    /// the runner). The runner that a worker starts once to check its sandbox (`--check`) does not
    /// count. (`glint runner` only.) Look once the job says it runs in a runner (its progress came
    /// from there): no test waits for a process by polling `/proc`.
    public static func runner(of parent: Int32) -> Int32? {
        for child in children(of: parent) {
            var next: Int32? = child
            while let process = next, isBubblewrap(process) {
                next = children(of: process).first
            }
            // A process that ended meanwhile has no command line.
            if let runner = next, case let arguments = arguments(of: runner), arguments.contains("runner"), !arguments.contains("--check") {
                return runner
            }
        }
        return nil
    }

    /// The command line of `pid`.
    public static func arguments(of pid: Int32) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `pid` runs bubblewrap.
    public static func isBubblewrap(_ pid: Int32) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "bwrap"
    }

    /// Awaits the end of every child of `parent` (named `name`, when given) alive now, told by the
    /// kernel (``Waiting/exit(of:within:)``), for `bound` at most.
    public static func exitOfChildren(of parent: Int32, named name: String? = nil, within bound: Duration) async throws {
        try await Waiting.exit(of: children(of: parent, named: name), within: bound)
    }
}
