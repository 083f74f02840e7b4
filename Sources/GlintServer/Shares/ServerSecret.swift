import Crypto
import Foundation
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

/// The server's signing key: 32 random bytes in `<data directory>/server-secret` (mode 0600 from
/// its creation: the file is opened with that mode, never written first and narrowed after),
/// created on first start and read afterwards, so that share links outlive restarts.
public enum ServerSecret {
    /// Reads the secret, creating it first when the file is missing. A secret file that others may
    /// read (made by hand, or copied) is narrowed to 0600 first.
    /// - Throws: `ServerStoreError` naming the file when it cannot be read, written, or is not 32 bytes.
    public static func loadOrCreate(in directory: URL) throws -> SymmetricKey {
        let file = directory.appendingPathComponent("server-secret")
        OwnerOnlyFiles.tighten(path: file.path)
        if let data = FileManager.default.contents(atPath: file.path) {
            guard data.count == 32 else { throw ServerStoreError("\(file.path): expected 32 bytes, found \(data.count)") }
            return SymmetricKey(data: data)
        }
        let key = SymmetricKey(size: .bits256)
        try OwnerOnlyFiles.createDirectory(at: directory)
        let temporary = directory.appendingPathComponent("server-secret.\(UUID().uuidString).tmp")
        try key.withUnsafeBytes { bytes in try writeNewFile(bytes, to: temporary.path) }
        // link() fails when another process created the secret first: then theirs is used.
        if link(temporary.path, file.path) != 0 {
            unlink(temporary.path)
            return try loadOrCreate(in: directory)
        }
        unlink(temporary.path)
        return key
    }

    /// Writes `bytes` to a new file at `path`, created 0600, and flushes it to disk.
    private static func writeNewFile(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, OwnerOnlyFiles.fileMode)
        guard descriptor >= 0 else { throw ServerStoreError("\(path): cannot create the server secret: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard write(descriptor, bytes.baseAddress, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw ServerStoreError("\(path): cannot write the server secret: \(reason)")
        }
    }
}

extension SymmetricKey {
    /// A key for one purpose derived from this one (the server secret): HKDF-SHA256 with `purpose`
    /// as its info, so that no two uses of the secret (dashboard sessions, sealed webhook secrets)
    /// share a key, and none can stand in for another.
    func derivedKey(purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: self, info: Data(purpose.utf8), outputByteCount: 32)
    }
}
