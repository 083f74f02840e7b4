/// The whole environment a runner starts with: the variables named here, and nothing else of its
/// worker's (not `GLINT_STORE` with its password, not `PGPASSWORD`, not whatever the operator
/// exported). Under bubblewrap it is also set with `--clearenv` and `--setenv`.
///
/// | variable | value | why |
/// | --- | --- | --- |
/// | `TMPDIR` | the runner's `tmp/` folder | where libraries put their scratch files: the one writable folder |
/// | `SWIFT_BACKTRACE` | `enable=no` | a runner that gets a fatal signal dies of it at once (the backtracer would symbolicate first, and return from a signal sent with kill(2) as if nothing happened) |
/// | `MALLOC_ARENA_MAX` | `2` | glibc reserves 64 MiB of address space per arena, one per thread by default: under RLIMIT_AS a runner near its limit could not make one and fell back to a mmap per allocation, crawling for minutes instead of failing |
/// | `MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_` | 256 MiB | freed memory kept for the next allocation: a frame buffer mapped and unmapped for every frame cost an edit a third of its system time; the address-space limit still bounds what is kept |
/// | `MALLOC_TOP_PAD_` | 64 MiB | the same |
/// | ``JobRunnerConfiguration/inheritedEnvironment`` | the worker's value | what GlintOptions passes on: the log level (`GLINT_LOG_LEVEL`) alone |
enum JobRunnerEnvironment {
    /// The variables with fixed values.
    static let fixed: [String: String] = [
        "SWIFT_BACKTRACE": "enable=no", "MALLOC_ARENA_MAX": "2",
        "MALLOC_MMAP_THRESHOLD_": "\(256 << 20)", "MALLOC_TRIM_THRESHOLD_": "\(256 << 20)", "MALLOC_TOP_PAD_": "\(64 << 20)",
    ]

    /// The runner's environment: ``fixed``, the `inherited` variables that are not among them, and
    /// `TMPDIR` set to `workDirectory`.
    static func variables(workDirectory: String, inherited: [String: String]) -> [String: String] {
        var environment = fixed.merging(inherited) { fixed, _ in fixed }
        environment["TMPDIR"] = workDirectory
        return environment
    }
}
