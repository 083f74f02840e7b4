#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path names, as the file system sees it: its device and inode, links followed.
/// Two paths with the same identity are the same file however they are spelled (`..`, symbolic
/// links, hard links, bind mounts), found with one `stat(2)` each rather than by resolving every
/// folder of both paths.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of the file at `path`, or nil when there is none (or it cannot be examined).
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
