import Foundation

/// A file in the temporary folder that holds the current input, for parsers that read files
/// (`RandomAccessFile`, paths): rewritten in place for each input (one `pwrite` and one
/// `ftruncate`), removed when the harness process ends normally.
public final class FuzzFile: @unchecked Sendable {
    /// The harness's file, named after its process and `suffix`.
    public static func shared(suffix: String = ".bin") -> FuzzFile {
        lock.lock()
        defer { lock.unlock() }
        if let file = files[suffix] { return file }
        let file = FuzzFile(suffix: suffix)
        files[suffix] = file
        return file
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var files: [String: FuzzFile] = [:]

    /// The file's path.
    public let path: String
    private let descriptor: Int32

    private init(suffix: String) {
        path = NSTemporaryDirectory() + "glint-fuzz-\(getpid())\(suffix)"
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(descriptor >= 0, "cannot create \(path)")
        atexit { FuzzFile.removeAll() }
    }

    /// Makes `bytes` the file's whole content; returns its path.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> String {
        var written = 0
        while written < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(written))
            precondition(result > 0, "cannot write \(path)")
            written += result
        }
        precondition(ftruncate(descriptor, off_t(bytes.count)) == 0, "cannot truncate \(path)")
        return path
    }

    /// Makes `bytes` the file's whole content; returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { write($0) }
    }

    private static func removeAll() {
        for file in files.values { unlink(file.path) }
    }
}
