import Foundation

/// A worker's id: unique per process, readable in listings (`host-pid-random`).
public enum WorkerIdentity {
    /// `<host>-<pid>-<6 random hex digits>`.
    public static func make() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let random = String(UInt32.random(in: 0...0xFF_FFFF), radix: 16)
        return "\(host)-\(ProcessInfo.processInfo.processIdentifier)-\(String(repeating: "0", count: 6 - random.count) + random)"
    }
}
