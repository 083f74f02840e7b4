import Foundation
import GlintQueue
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The data directory, its blobs and its SQLite store are owner-only from their creation on, and
/// a streamed upload is written by the same writer as every other blob (``StagedBlob``): sealed
/// read-only, and a put of bytes already stored touches the stored file (blob retention reads its
/// modification time as its latest put).
@Suite("data at rest: owner-only files and the one blob writer", .suiteTimeLimit)
struct OwnerOnlyDataTests {
    /// The permission bits of `path`, nil when missing.
    func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    @Test("the data directory, blobs and work folders are 0700, blobs 0400, even under umask 0")
    func modes() async throws {
        let previous = umask(0)
        defer { umask(previous) }
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let data = GlintDataDirectory(url: directory.file("data/nested"))
        #expect(try data.create() == nil)
        #expect(mode(data.path) == 0o700)
        #expect(mode(directory.file("data").path) == 0o700, "a missing parent is created owner-only too")
        let store = try FileBlobStore(directory: data.blobs)
        #expect(mode(data.blobs.path) == 0o700)
        #expect(mode(data.blobs.appendingPathComponent("tmp").path) == 0o700)
        let blob = try await store.put(Data("private".utf8))
        #expect(mode(store.url(for: blob).path) == 0o400)
        #expect(mode(store.url(for: blob).deletingLastPathComponent().path) == 0o700)
    }

    @Test("an existing data directory others may read is narrowed to 0700, and says what it was")
    func tightened() throws {
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let path = directory.file("data").path
        #expect(mkdir(path, 0o755) == 0)
        chmod(path, 0o755)
        let data = GlintDataDirectory(url: directory.file("data"))
        #expect(try data.create() == 0o755)
        #expect(mode(path) == 0o700)
        #expect(try data.create() == nil)
    }

    @Test("the SQLite store and its -wal and -shm files are 0600 under umask 0")
    func sqlite() async throws {
        let previous = umask(0)
        defer { umask(previous) }
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        try await withJobStore(.sqlite(path: path)) { store in
            _ = try await store.submit([JobSubmission(kind: "queue.noop", tenant: "t")])
            for file in [path, path + "-wal", path + "-shm"] {
                #expect(mode(file) == 0o600, "\(file)")
            }
        }
    }

    @Test("a SQLite store left readable by others (an older Glint) is narrowed to 0600 when opened")
    func looseStore() async throws {
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        try await withJobStore(.sqlite(path: path)) { _ in }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) { chmod(file, 0o644) }
        try await withJobStore(.sqlite(path: path)) { _ in
            #expect(mode(path) == 0o600)
        }
    }

    @Test("a streamed upload is a blob like any other: 0400, hashed, its temporary file gone")
    func streamedUpload() async throws {
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let upload = try BlobUpload(store: store)
        let chunk = [UInt8](repeating: 7, count: 300_000)
        for _ in 0..<5 { try await upload.append(chunk) }
        #expect(upload.size == 1_500_000)
        let id = try await upload.publish()
        #expect(id == (try await store.put(Data(repeating: 7, count: 1_500_000))))
        #expect(mode(store.url(for: id).path) == 0o400)
        #expect(TemporaryDirectory.contents(of: store.directory.appendingPathComponent("tmp")).isEmpty)
    }

    @Test("uploading bytes already stored touches the stored blob, so retention sees the new put")
    func reuploadTouches() async throws {
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let first = try BlobUpload(store: store)
        try await first.append(Array("same bytes".utf8))
        let id = try await first.publish()
        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: store.url(for: id).path)
        // A file written just before the second upload: the kernel stamps both with the time.
        let before = directory.file("before")
        try Data().write(to: before)
        let again = try BlobUpload(store: store)
        try await again.append(Array("same bytes".utf8))
        #expect(try await again.publish() == id)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: store.url(for: id).path)[.modificationDate] as? Date)
        let written = try #require(try FileManager.default.attributesOfItem(atPath: before.path)[.modificationDate] as? Date)
        #expect(modified > longAgo && modified >= written, "touched at \(modified), the file before it written at \(written)")
    }

    @Test("a discarded upload leaves nothing behind")
    func discarded() async throws {
        let directory = try TemporaryDirectory("glint-private")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let upload = try BlobUpload(store: store)
        try await upload.append([UInt8](repeating: 1, count: 2 << 20))
        upload.discard()
        #expect(TemporaryDirectory.contents(of: store.directory.appendingPathComponent("tmp")).isEmpty)
    }
}
