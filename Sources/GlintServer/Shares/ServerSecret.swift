import Crypto
import Foundation

/// The server's signing key: 32 random bytes in `<data directory>/server-secret` (mode 0600),
/// created on first start and read afterwards, so that share links outlive restarts.
public enum ServerSecret {
    /// Reads the secret, creating it first when the file is missing.
    /// - Throws: `ServerStoreError` naming the file when it cannot be read, written, or is not 32 bytes.
    public static func loadOrCreate(in directory: URL) throws -> SymmetricKey {
        let file = directory.appendingPathComponent("server-secret")
        if let data = FileManager.default.contents(atPath: file.path) {
            guard data.count == 32 else { throw ServerStoreError("\(file.path): expected 32 bytes, found \(data.count)") }
            return SymmetricKey(data: data)
        }
        let key = SymmetricKey(size: .bits256)
        let data = key.withUnsafeBytes { Data($0) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent("server-secret.\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ServerStoreError("\(temporary.path): cannot write the server secret")
        }
        // link() fails when another process created the secret first: then theirs is used.
        if link(temporary.path, file.path) != 0 {
            unlink(temporary.path)
            return try loadOrCreate(in: directory)
        }
        unlink(temporary.path)
        return key
    }
}
