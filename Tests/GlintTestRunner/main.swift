import Foundation
import GlintQueue

#if canImport(Glibc)
    import Glibc
#endif

// A runner for the isolation tests (RunnerIsolationTests): `JobRunnerChild` with kinds that exist
// only here, so that no shipped binary can run them: `test.crash` raises SIGSEGV on every attempt,
// `test.sleep` reports progress while it sleeps, `test.escape` tries what a sandbox must forbid,
// `test.pid` (and `test.pid.idle`, the same for a kind run at idle priority) tells which runner
// process ran it and how it is scheduled, `test.link` names a symbolic link as its output.

struct CrashJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {}
    let kind: JobKind = "test.crash"
    let requiredInputs: Set<String> = []
    let isolation = JobIsolation.runner(.batch)
    let documentation = JobKindDocumentation(summary: "Raises SIGSEGV (tests only).", inputs: "none", parameters: "none")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        // A real fault, as a decoder's bug would make (a raised signal can be handled and returned from).
        let address = UnsafeMutablePointer<Int>(bitPattern: 0x10)
        address?.pointee = 42
        return [:]
    }
}

struct SleepJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {
        var milliseconds: Int
    }
    let kind: JobKind = "test.sleep"
    let requiredInputs: Set<String> = []
    let isolation = JobIsolation.runner(.batch)
    let documentation = JobKindDocumentation(summary: "Sleeps, reporting progress (tests only).", inputs: "none", parameters: "milliseconds")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let steps = max(parameters.milliseconds / 20, 1)
        for step in 0..<steps {
            try await context.progress(Double(step) / Double(steps), "step \(step) of \(steps)")
            try await context.clock.sleep(for: .milliseconds(20))
        }
        let file = context.outputFile("slept.txt")
        try Data("slept \(parameters.milliseconds) ms\n".utf8).write(to: file)
        return ["slept": file]
    }
}

/// Tries to reach out of its runner: a TCP connection, a Unix socket and a socket pair, a user
/// namespace, writes outside its folders and to its input, a read of a file that is not its input
/// and of a folder of `/opt` it does not need; and writes where it may. Its output `report` is a
/// JSON object: each attempt's name, and "ok" or the error it met, and `environment`: the names of
/// the variables it was started with, sorted and comma-separated.
struct EscapeJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {
        /// A port listening on 127.0.0.1.
        var port: Int
        /// A file to create, outside the runner's folders.
        var outside: String
        /// A file to read, not among the inputs.
        var secret: String
        /// A folder to list that the runner does not need (a folder of `/opt`), if any.
        var unneeded: String?
    }
    let kind: JobKind = "test.escape"
    let requiredInputs: Set<String> = ["file"]
    let isolation = JobIsolation.runner(.batch)
    let documentation = JobKindDocumentation(summary: "Tries to escape its runner (tests only).", inputs: "file", parameters: "port, outside, secret")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let report: [String: String] = [
            "connect": Self.attempt { try Self.connect(port: parameters.port) },
            "writeOutside": Self.attempt { try Data("escaped\n".utf8).write(to: URL(fileURLWithPath: parameters.outside)) },
            "writeInput": Self.attempt { try Data("changed\n".utf8).write(to: context.inputs["file"]!) },
            "readSecret": Self.attempt { _ = try Data(contentsOf: URL(fileURLWithPath: parameters.secret)) },
            "readInput": Self.attempt { _ = try Data(contentsOf: context.inputs["file"]!) },
            "writeWork": Self.attempt { try Data("work\n".utf8).write(to: URL(fileURLWithPath: temporary).appendingPathComponent("scratch")) },
            "socketUnix": Self.attempt { try Self.check("socket", Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)) },
            "socketPair": Self.attempt {
                var pair: [Int32] = [-1, -1]
                try Self.check("socketpair", socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair))
            },
            "unshareUser": Self.attempt { try Self.check("unshare", Self.unshare(0x1000_0000)) },
            "listUnneeded": Self.attempt { _ = try FileManager.default.contentsOfDirectory(atPath: parameters.unneeded ?? "/nonexistent") },
            "environment": ProcessInfo.processInfo.environment.keys.sorted().joined(separator: ","),
        ]
        let file = context.outputFile("report.json")
        try JSONEncoder().encode(report).write(to: file)
        return ["report": file]
    }

    static func attempt(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "ok"
        } catch {
            return "\(error)"
        }
    }

    struct SocketError: Error, CustomStringConvertible {
        var description: String
    }

    /// glibc's `unshare(flags)` (not in Swift's Glibc module), for `CLONE_NEWUSER` (0x10000000).
    static func unshare(_ flags: Int32) -> Int32 {
        typealias Unshare = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare") else { return -1 }
        return unsafeBitCast(symbol, to: Unshare.self)(flags)
    }

    /// Throws `call: strerror(errno)` when `status` is negative.
    static func check(_ call: String, _ status: Int32) throws {
        guard status < 0 else { return }
        throw SocketError(description: "\(call): \(String(cString: strerror(errno)))")
    }

    static func connect(port: Int) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { throw SocketError(description: "connect: \(String(cString: strerror(errno)))") }
    }
}

/// What a hostile runner would do to have its worker move or store one of the worker's files: names
/// as its output a symbolic link to `target` (`mode` "file"), or replaces its output folder with a
/// link to `target`'s folder and names `target` in it (`mode` "folder").
struct LinkJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {
        var target: String
        var mode: String
    }
    let kind: JobKind = "test.link"
    let requiredInputs: Set<String> = []
    let isolation = JobIsolation.runner(.batch)
    let documentation = JobKindDocumentation(summary: "Names a link as its output (tests only).", inputs: "none", parameters: "target, mode")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let target = URL(fileURLWithPath: parameters.target)
        if parameters.mode == "folder" {
            try FileManager.default.removeItem(at: context.outputDirectory)
            try FileManager.default.createSymbolicLink(at: context.outputDirectory, withDestinationURL: target.deletingLastPathComponent())
            return ["leak": context.outputFile(target.lastPathComponent)]
        }
        let link = context.outputFile("leak.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        return ["leak": link]
    }
}

/// Writes its runner's pid (output `pid`) and how it is scheduled (output `scheduling`: policy,
/// nice value, session and process group), or fails naming its pid (`fail: true`).
struct PIDJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {
        var fail: Bool?
    }
    let kind: JobKind
    let requiredInputs: Set<String> = []
    let isolation = JobIsolation.runner(.batch)
    let documentation = JobKindDocumentation(
        summary: "Tells its runner's pid, and its scheduling policy, nice value, session and process group (tests only).", inputs: "none",
        parameters: "fail")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        if parameters.fail == true { throw JobHandlerError(code: .invalidInput, message: "pid \(getpid())", permanent: true) }
        let pid = context.outputFile("pid.txt")
        try Data("\(getpid())".utf8).write(to: pid)
        let scheduling = context.outputFile("scheduling.txt")
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        try Data("\(sched_getscheduler(0)) \(nice) \(getsid(0)) \(getpgrp())".utf8).write(to: scheduling)
        return ["pid": pid, "scheduling": scheduling]
    }
}

var registry = JobHandlerRegistry()
registry.register(CrashJobHandler())
registry.register(SleepJobHandler())
registry.register(EscapeJobHandler())
registry.register(LinkJobHandler())
registry.register(PIDJobHandler(kind: "test.pid"))
registry.register(PIDJobHandler(kind: "test.pid.idle"))
exit(await JobRunnerChild.run(registry: registry, arguments: Array(CommandLine.arguments.dropFirst())))
