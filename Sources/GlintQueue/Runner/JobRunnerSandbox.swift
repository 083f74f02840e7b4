import Foundation

/// A runner started under bubblewrap (`bwrap`): new user, PID, network, IPC, UTS and cgroup
/// namespaces (no network at all, not even loopback), no capabilities, a session of its own (no
/// terminal to push input into), killed with its worker (`--die-with-parent`), an environment of
/// its own (``JobRunnerEnvironment``, after `--clearenv`), a seccomp filter
/// (``RunnerSeccompFilter``), and a file system of its own in which everything is read-only
/// except the runner's folder (``WarmRunner``: its jobs' input copies and outputs, and its `TMPDIR`).
///
/// What the runner sees:
///
/// | path | how |
/// | --- | --- |
/// | `/usr`, the merged `/bin`, `/sbin`, `/lib*` links, the loader's cache and configuration, fonts (`/etc/fonts`, `/var/cache/fontconfig`), `/etc/alternatives`, `/etc/localtime`, `/sys/devices/system/cpu` | read-only |
/// | the runner program, and the folders of the shared libraries the worker loaded from outside `/usr` (the Swift runtime's, for a build that links it dynamically; nothing else of `/opt`) | read-only |
/// | ``Attempt/readOnly`` (none for a ``WarmRunner``: its inputs are copies in its folder) | read-only |
/// | ``Attempt/writable``: the runner's folder (its `TMPDIR` and current folder) | writable |
/// | `/proc` (its own PID namespace's), `/dev` (null, zero, random and the like), `/tmp` (an empty tmpfs, read-only) | new |
/// | everything else (`/opt`, `/home`, `/root`, `/var`, `/etc/passwd` and the rest of `/etc`, the data directory: blobs, databases, the server secret, other jobs' and runners' folders) | absent |
///
/// ``probe(executable:arguments:searchPath:)`` finds out whether bubblewrap can make namespaces
/// here: containers and kernels often forbid unprivileged ones.
public struct JobRunnerSandbox: Sendable, Equatable {
    /// The `bwrap` program.
    public var bubblewrap: String
    /// Paths mounted read-only at the same place, beyond the system's: the runner program and
    /// the folders of libraries it loads from outside the system folders
    /// (``libraryFolders(of:)``).
    public var readOnlyPaths: [String]
    /// The seccomp filter bubblewrap loads before it starts the runner.
    public var seccomp: RunnerSeccompFilter

    public init(bubblewrap: String, readOnlyPaths: [String], seccomp: RunnerSeccompFilter) {
        self.bubblewrap = bubblewrap
        self.readOnlyPaths = readOnlyPaths
        self.seccomp = seccomp
    }

    /// The descriptor bubblewrap reads the seccomp filter from (`--seccomp 3`): ``JobRunnerProcess``
    /// puts the filter's memory file there.
    static let seccompDescriptor: Int32 = 3
    /// The folders of the system mounted read-only, where they exist (not `/opt`: only the library
    /// folders the runner loads from it, ``libraryFolders(of:)``).
    static let systemFolders = ["/usr"]
    /// The merged-`/usr` links (`/lib -> usr/lib`), recreated as links, or mounted where they are folders.
    static let rootLinks = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
    /// What the loader and the libraries read from `/etc`, fontconfig's cache, and what `/sys` tells about processors.
    static let systemFiles = [
        "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/fonts", "/etc/localtime",
        "/var/cache/fontconfig", "/sys/devices/system/cpu",
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

    /// The `bwrap` command line (without the program itself) that runs `command` in `attempt` with
    /// exactly `environment`, the seccomp filter read from ``seccompDescriptor``.
    public func arguments(for attempt: Attempt, environment: [String: String], command: [String]) -> [String] {
        var arguments = Self.systemArguments
        for path in readOnlyPaths + attempt.readOnly { arguments += ["--ro-bind", path, path] }
        for path in attempt.writable { arguments += ["--bind", path, path] }
        // The root and the empty /tmp read-only: the runner's folder (mounted on them) is its one writable place.
        arguments += ["--remount-ro", "/", "--remount-ro", "/tmp", "--chdir", attempt.workDirectory, "--clearenv"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["--setenv", name, value] }
        arguments += ["--seccomp", "\(Self.seccompDescriptor)", "--"]
        return arguments + command
    }

    /// The namespaces, the capabilities, the process's ties and the system's folders, as this
    /// machine has them (looked at once: they do not change while a worker runs).
    static let systemArguments: [String] = {
        var arguments = ["--unshare-all", "--cap-drop", "ALL", "--die-with-parent", "--new-session"]
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
        return arguments + ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    }()

    /// The folders of the shared libraries `program` links and this process loaded, outside the
    /// system folders (a Swift toolchain's, for a build that links the Swift runtime dynamically):
    /// what the loader finds for `program` (`ldd`, which follows its `RUNPATH`), and what this
    /// process mapped (the runner is the same program, and opens the same libraries with `dlopen`).
    static func libraryFolders(of program: String) -> [String] {
        var paths = linkedLibraries(of: program)
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
            paths += maps.split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
        }
        let system = systemFolders + rootLinks
        let folders = paths.filter { path in path.contains(".so") && !system.contains { path.hasPrefix($0 + "/") } }
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        return Set(folders).sorted()
    }

    /// The paths of the libraries the loader finds for `program`, as `ldd` lists them (`name => path`);
    /// none where `ldd` is missing or fails (a static build).
    private static func linkedLibraries(of program: String) -> [String] {
        guard let ldd = ["/usr/bin/ldd", "/bin/ldd"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ldd)
        process.arguments = [program]
        process.environment = ["PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            guard let arrow = line.range(of: "=> /") else { return nil }
            return line[line.index(before: arrow.upperBound)...].split(separator: " ").first.map(String.init)
        }
    }
}
