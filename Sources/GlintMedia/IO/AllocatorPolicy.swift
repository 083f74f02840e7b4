import CMalloc

/// How the process's allocator (glibc malloc) treats large buffers: a decision for the program
/// that owns the process (the `glint` tool), never taken by the library on its own.
///
/// glibc maps each block of 128 KiB or more on its own, and returns it to the system when it is
/// freed; but each time such a block is freed it raises that threshold to the block's size (up
/// to 32 MiB), so that later blocks below it come from the heap, where freed memory stays with
/// the process. An edit frees a still's 23 MB picture and the JPEG encoder's coefficients while
/// the movie's encoder is still allocating its look-ahead frames: those then pile up in a heap
/// the still had grown, and the pair's peak memory rises by 15-20 MB on a small movie, above
/// what the ffmpeg command line needs for the same work.
public enum AllocatorPolicy {
    /// The threshold the policy fixes: glibc's own starting value.
    public static let mmapThreshold = 128 * 1024

    /// Fixes glibc's mmap threshold at ``mmapThreshold`` for the rest of the process, so that every
    /// large buffer (pictures, frames, the encoders' look-ahead) is mapped on its own and handed
    /// back when freed, whatever was freed before. Costs a fresh mapping (and its page faults) per
    /// large buffer; glint allocates its own frame buffers once per movie, so that stays small.
    /// - Returns: Whether the allocator took the setting (false on a C library without `mallopt`
    ///   semantics of glibc's).
    @discardableResult
    public static func keepLargeBuffersMapped() -> Bool {
        glint_fix_mmap_threshold(Int32(mmapThreshold)) == 1
    }
}
