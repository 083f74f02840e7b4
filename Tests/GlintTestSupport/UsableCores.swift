import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cores this process may run on: its CPU affinity (`taskset -c 0` gives one), which is what
/// libdispatch sizes `concurrentPerform` by. `ProcessInfo.activeProcessorCount` counts the
/// machine's online cores whatever the affinity.
public enum UsableCores {
    public static var count: Int {
        var mask = [UInt8](repeating: 0, count: 128)  // 1024 CPUs, glibc's cpu_set_t
        guard getAffinity(0, mask.count, &mask) == 0 else { return ProcessInfo.processInfo.activeProcessorCount }
        return max(mask.reduce(0) { $0 + $1.nonzeroBitCount }, 1)
    }

    /// glibc's `sched_getaffinity(2)`, which Swift's Glibc module does not declare (it needs _GNU_SOURCE).
    private static let getAffinity: @convention(c) (pid_t, Int, UnsafeMutablePointer<UInt8>) -> Int32 = GlibcSymbol.named("sched_getaffinity")
}
