import Foundation

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
}
