import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file of equal-sized RGB frames, written in order and read back in any order.
///
/// Used wherever a pipeline needs its frames twice or backwards (a bounce plays them in reverse,
/// a GIF builds its palette from every frame before writing any), so that only one frame at a
/// time is held in memory whatever the movie's length.
///
/// The file is created in the system temporary directory and unlinked at once: it has no name
/// from then on, and the space is returned when the spool is released (or the process ends,
/// even by a crash). Nothing is ever left behind.
///
/// Not thread-safe and not `Sendable`: use a spool from one task.
public final class RawFrameSpool {
    /// Width of every frame.
    public let width: Int
    /// Height of every frame.
    public let height: Int
    /// Bytes per frame (`width * height * 3`).
    public let frameBytes: Int
    /// Frames written so far.
    public private(set) var count = 0
    private var descriptor: Int32

    /// Creates an empty spool for frames of `width` x `height`.
    /// - Parameter directory: Where the nameless file lives; the system temporary directory by default.
    /// - Throws: ``MediaError`` `.writeFailed` when no temporary file can be made.
    public init(width: Int, height: Int, directory: String = NSTemporaryDirectory()) throws {
        guard width > 0, height > 0 else {
            throw MediaError(.invalidArgument, "frame size \(width)x\(height) is not positive")
        }
        self.width = width
        self.height = height
        frameBytes = width * height * 3
        var template =
            Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            + Array("glint-frames-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw MediaError(.writeFailed, file: directory, "cannot create a temporary file for frames: \(String(cString: strerror(errno)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    }

    deinit {
        close(descriptor)
    }

    /// Appends a frame.
    /// - Throws: ``MediaError`` `.invalidArgument` for a frame of another size, `.writeFailed`
    ///   when the disk is full.
    public func append(_ image: RGBImage) throws {
        guard image.width == width, image.height == height else {
            throw MediaError(.invalidArgument, "frame is \(image.width)x\(image.height), the spool holds \(width)x\(height)")
        }
        let offset = off_t(count) * off_t(frameBytes)
        try image.pixels.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, offset + off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw MediaError(.writeFailed, "cannot write a frame to the temporary file: \(String(cString: strerror(errno)))")
                }
                done += n
            }
        }
        count += 1
    }

    /// Reads frame `index` (0-based) back.
    /// - Throws: ``MediaError`` `.invalidArgument` for an index out of range, `.unreadable`
    ///   when the read fails.
    public func frame(at index: Int) throws -> RGBImage {
        guard (0..<count).contains(index) else {
            throw MediaError(.invalidArgument, "frame \(index) is not in the spool (it holds \(count))")
        }
        var pixels = [UInt8](repeating: 0, count: frameBytes)
        let offset = off_t(index) * off_t(frameBytes)
        try pixels.withUnsafeMutableBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pread(descriptor, raw.baseAddress! + done, raw.count - done, offset + off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw MediaError(.unreadable, "cannot read a frame back from the temporary file: \(String(cString: strerror(errno)))")
                }
                done += n
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
