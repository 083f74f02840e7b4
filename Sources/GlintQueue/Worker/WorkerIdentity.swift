import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A worker's id: unique per process, readable in listings (`host-pid-random`).
public enum WorkerIdentity {
    /// `<host>-<pid>-<6 random hex digits>`.
    public static func make() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let random = String(UInt32.random(in: 0...0xFF_FFFF), radix: 16)
        return "\(host)-\(ProcessInfo.processInfo.processIdentifier)-\(String(repeating: "0", count: 6 - random.count) + random)"
    }

    /// Whether `id` names a worker of this host whose process is gone (`kill(pid, 0)` finds no
    /// process); false for another host's workers, which this process cannot see.
    public static func isGoneFromThisHost(_ id: String) -> Bool {
        let parts = id.split(separator: "-")
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), parts.dropLast(2).joined(separator: "-") == host else { return false }
        return pid != ProcessInfo.processInfo.processIdentifier && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the work folders (`<data>/work/<worker>`, with their runners' folders) that workers of
    /// this host killed before they could remove their own left behind. Returns how many.
    @discardableResult
    public static func removeWorkFoldersOfGoneWorkers(in workRoot: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: workRoot.path)) ?? []
        var removed = 0
        for name in names where isGoneFromThisHost(name) {
            if (try? FileManager.default.removeItem(at: workRoot.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }
}
