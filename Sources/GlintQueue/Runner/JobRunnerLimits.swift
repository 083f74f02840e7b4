import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The limits a runner applies to itself before it reads its request, passed on its command line
/// (`--memory-bytes N --cpu-seconds N --file-size-bytes N --nice N`).
public struct JobRunnerLimits: Sendable, Equatable {
    /// RLIMIT_AS.
    public var memoryBytes: Int
    /// RLIMIT_CPU (SIGXCPU when reached).
    public var cpuSeconds: Int
    /// RLIMIT_FSIZE (SIGXFSZ when a write would pass it).
    public var fileSizeBytes: Int
    /// The nice value.
    public var niceness: Int32

    public init(memoryBytes: Int, cpuSeconds: Int, fileSizeBytes: Int, niceness: Int32) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
        self.fileSizeBytes = fileSizeBytes
        self.niceness = niceness
    }

    /// The command-line form.
    public var arguments: [String] {
        [
            "--memory-bytes", "\(memoryBytes)", "--cpu-seconds", "\(cpuSeconds)", "--file-size-bytes", "\(fileSizeBytes)",
            "--nice", "\(niceness)",
        ]
    }

    /// Parses ``arguments``.
    /// - Throws: ``JobHandlerError`` (`bad-parameters`) naming what is missing or malformed.
    public init(arguments: [String]) throws {
        var values: [String: Int] = [:]
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            guard let text = iterator.next(), let value = Int(text) else { throw JobHandlerError.badParameters("runner: \(name) needs a number") }
            values[name] = value
        }
        func value(_ name: String) throws -> Int {
            guard let value = values[name] else { throw JobHandlerError.badParameters("runner: \(name) is missing") }
            return value
        }
        self.init(
            memoryBytes: try value("--memory-bytes"), cpuSeconds: try value("--cpu-seconds"), fileSizeBytes: try value("--file-size-bytes"),
            niceness: Int32(try value("--nice")))
    }

    /// Applies the limits to this process: no core files, address space, CPU time, file size, nice.
    public func apply() {
        Self.limit(RLIMIT_CORE, 0)
        Self.limit(RLIMIT_AS, memoryBytes)
        Self.limit(RLIMIT_CPU, cpuSeconds)
        Self.limit(RLIMIT_FSIZE, fileSizeBytes)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }

    private static func limit(_ resource: __rlimit_resource, _ value: Int) {
        var limit = rlimit(rlim_cur: rlim_t(max(value, 0)), rlim_max: rlim_t(max(value, 0)))
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
    }
}
