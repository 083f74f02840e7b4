import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A glibc function that Swift's Glibc module does not declare (`pidfd_open`, `sched_getaffinity`,
/// `unlockpt`, ...), looked up once by name: `F` is its C type, `@convention(c) (...) -> ...`.
public enum GlibcSymbol {
    public static func named<F>(_ name: String) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("glibc has no \(name)") }
        return unsafeBitCast(symbol, to: F.self)
    }
}
