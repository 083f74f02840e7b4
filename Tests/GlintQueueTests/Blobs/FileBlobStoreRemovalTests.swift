import Foundation
import GlintQueue
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Removal for retention: a blob goes only if nobody put it since the given time, and a put of
/// bytes already stored counts as one.
@Suite("FileBlobStore: removal", .suiteTimeLimit)
struct FileBlobStoreRemovalTests {
    /// A time long before any test runs: a file set to it is older than an hour after it, and a
    /// put (which the kernel stamps with the time it happens) is newer.
    private static let longAgo = Date(timeIntervalSince1970: 1_000_000_000)

    /// Sets the blob file's modification time to `date`.
    private func setModified(_ store: FileBlobStore, _ blob: BlobID, to date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: store.url(for: blob).path)
    }

    @Test func aBlobPutSinceTheDateStaysAndAnOlderOneGoes() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let old = try await store.put(Data("old".utf8))
        let fresh = try await store.put(Data("fresh".utf8))
        try setModified(store, old, to: Self.longAgo)
        try setModified(store, fresh, to: Self.longAgo)
        #expect(Set(store.storedFiles().map(\.blob)) == [old, fresh])
        #expect(store.storedFiles().allSatisfy { $0.modified == Self.longAgo }, "\(store.storedFiles())")

        // Putting the same bytes again is a put: it touches the file.
        #expect(try await store.put(Data("fresh".utf8)) == fresh)
        let cutoff = Self.longAgo.addingTimeInterval(3600)
        #expect(store.storedFiles().first { $0.blob == fresh }.map { $0.modified > cutoff } == true, "\(store.storedFiles())")
        #expect(!store.remove(fresh, ifNotPutSince: cutoff))
        #expect(store.contains(fresh))
        #expect(store.remove(old, ifNotPutSince: cutoff))
        #expect(!store.contains(old))
        #expect(!store.remove(old, ifNotPutSince: cutoff), "gone already")
        #expect(TemporaryDirectory.contents(of: store.directory.appendingPathComponent("tmp")).isEmpty)

        // A put after the removal writes the file anew.
        #expect(try await store.put(Data("old".utf8)) == old)
        #expect(try Data(contentsOf: store.url(for: old)) == Data("old".utf8))
    }

    @Test func aFileMovedAsideByAKilledProcessIsPutBackOnOpen() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let blobs = directory.file("blobs")
        let blob = try await FileBlobStore(directory: blobs).put(Data("kept".utf8))
        let store = try FileBlobStore(directory: blobs)
        let aside = blobs.appendingPathComponent("tmp").appendingPathComponent(blob.hex + ".removing")
        #expect(rename(store.url(for: blob).path, aside.path) == 0)
        #expect(!store.contains(blob))
        let reopened = try FileBlobStore(directory: blobs)
        #expect(reopened.contains(blob))
        #expect(try Data(contentsOf: reopened.url(for: blob)) == Data("kept".utf8))
    }
}
