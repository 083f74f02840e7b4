import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A runner started under bubblewrap (`bwrap`): new user, PID, network, IPC, UTS and cgroup
/// namespaces (no network at all, not even loopback), no capabilities, and a file system of its own
/// in which everything is read-only except the runner's folder (``WarmRunner``: its jobs' input
/// copies and outputs, and its `TMPDIR`).
///
/// What the runner sees:
///
/// | path | how |
/// | --- | --- |
/// | `/usr`, `/opt`, the merged `/bin`, `/sbin`, `/lib*` links, a few files of `/etc` (the loader's cache, fonts, alternatives) | read-only |
/// | the runner program, and the folders of the libraries this process loaded from elsewhere (a toolchain's) | read-only |
/// | ``Attempt/readOnly`` (none for a ``WarmRunner``: its inputs are copies in its folder) | read-only |
/// | ``Attempt/writable``: the runner's folder (its `TMPDIR` and current folder) | writable |
/// | `/proc` (its own PID namespace's), `/dev` (null, zero, random and the like) | new |
/// | everything else (the other jobs' folders, the blob store, `/home`, `/var`, `/tmp`) | absent |
///
/// ``probe(executable:)`` finds out whether bubblewrap can make namespaces here: containers and
/// kernels often forbid unprivileged ones.
public struct JobRunnerSandbox: Sendable, Equatable {
    /// The `bwrap` program.
    public var bubblewrap: String
    /// Paths mounted read-only at the same place, beyond the system's: the runner program and
    /// the folders of libraries it loads from outside the system folders.
    public var readOnlyPaths: [String]

    public init(bubblewrap: String, readOnlyPaths: [String]) {
        self.bubblewrap = bubblewrap
        self.readOnlyPaths = readOnlyPaths
    }

    /// The folders of the system mounted read-only, where they exist.
    static let systemFolders = ["/usr", "/opt"]
    /// The merged-`/usr` links (`/lib -> usr/lib`), recreated as links, or mounted where they are folders.
    static let rootLinks = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
    /// What the loader and the libraries read from `/etc`, fontconfig's cache, and what `/sys` tells about processors.
    static let systemFiles = [
        "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/fonts", "/etc/localtime",
        "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/var/cache/fontconfig", "/sys/devices/system/cpu",
    ]

    /// The files a runner reads and writes beyond the system's.
    public struct Attempt: Sendable, Equatable {
        /// Mounted read-only.
        public var readOnly: [String]
        /// Mounted writable.
        public var writable: [String]
        /// The runner's current folder and `TMPDIR`.
        public var workDirectory: String

        public init(readOnly: [String], writable: [String], workDirectory: String) {
            self.readOnly = readOnly
            self.writable = writable
            self.workDirectory = workDirectory
        }
    }

    /// The `bwrap` command line (without the program itself) that runs `command` in `attempt`.
    public func arguments(for attempt: Attempt, command: [String]) -> [String] {
        var arguments = Self.systemArguments
        for path in readOnlyPaths + attempt.readOnly { arguments += ["--ro-bind", path, path] }
        for path in attempt.writable { arguments += ["--bind", path, path] }
        arguments += ["--remount-ro", "/", "--chdir", attempt.workDirectory, "--setenv", "TMPDIR", attempt.workDirectory, "--"]
        return arguments + command
    }

    /// The namespaces, the capabilities and the system's folders, as this machine has them
    /// (looked at once: they do not change while a worker runs).
    static let systemArguments: [String] = {
        var arguments = ["--unshare-all", "--cap-drop", "ALL"]
        let files = FileManager.default
        for folder in systemFolders where files.fileExists(atPath: folder) {
            arguments += ["--ro-bind", folder, folder]
        }
        for link in rootLinks {
            if let target = try? files.destinationOfSymbolicLink(atPath: link) {
                arguments += ["--symlink", target, link]
            } else if files.fileExists(atPath: link) {
                arguments += ["--ro-bind", link, link]
            }
        }
        for path in systemFiles { arguments += ["--ro-bind-try", path, path] }
        return arguments + ["--proc", "/proc", "--dev", "/dev"]
    }()

    /// Why a sandbox cannot be had here.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The sandbox for runners of `executable`, once bubblewrap has started the runner in it (with
    /// `arguments` and `--check`: the runner exits at once).
    /// - Parameter searchPath: Where to look for `bwrap` (`PATH`: folders separated by colons).
    /// - Throws: ``Unavailable`` when `bwrap` is not installed or cannot make namespaces here,
    ///   with its own words.
    public static func probe(executable: URL, arguments: [String], searchPath: String) throws(Unavailable) -> JobRunnerSandbox {
        let folders = searchPath.split(separator: ":").map(String.init)
        guard let bubblewrap = folders.map({ $0 + "/bwrap" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(description: "bubblewrap (bwrap) is not installed")
        }
        let program = executable.resolvingSymlinksInPath().path
        let sandbox = JobRunnerSandbox(bubblewrap: bubblewrap, readOnlyPaths: [program] + loadedLibraryFolders())
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("glint-sandbox-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let attempt = Attempt(readOnly: [], writable: [work.path], workDirectory: work.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bubblewrap)
        process.arguments = sandbox.arguments(for: attempt, command: [program] + arguments + [JobRunnerChild.checkArgument])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Unavailable(description: "bubblewrap (\(bubblewrap)) could not be started: \(error)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Unavailable(
                description: "bubblewrap cannot make a sandbox here (\(reason.isEmpty ? "exit status \(process.terminationStatus)" : reason))")
        }
        return sandbox
    }

    /// The folders of the shared libraries this process loaded from outside the system folders
    /// (a Swift toolchain's, for a build that links the Swift runtime dynamically).
    static func loadedLibraryFolders() -> [String] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        let system = systemFolders + rootLinks
        var folders: Set<String> = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            guard path.contains(".so"), !system.contains(where: { path.hasPrefix($0 + "/") }) else { continue }
            folders.insert(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        return folders.sorted()
    }
}
