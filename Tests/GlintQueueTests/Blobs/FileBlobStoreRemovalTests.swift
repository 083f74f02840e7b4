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
    /// Sets the blob file's modification time `seconds` into the past.
    private func age(_ store: FileBlobStore, _ blob: BlobID, by seconds: Int) {
        var times = [timespec(tv_sec: time(nil) - seconds, tv_nsec: 0), timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, store.url(for: blob).path, &times, 0) == 0)
    }

    @Test func aBlobPutSinceTheDateStaysAndAnOlderOneGoes() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let old = try await store.put(Data("old".utf8))
        let fresh = try await store.put(Data("fresh".utf8))
        age(store, old, by: 7200)
        age(store, fresh, by: 7200)
        #expect(Set(store.storedFiles().map(\.blob)) == [old, fresh])
        #expect(store.storedFiles().allSatisfy { $0.modified < Date().addingTimeInterval(-7000) })

        // Putting the same bytes again is a put: it touches the file.
        #expect(try await store.put(Data("fresh".utf8)) == fresh)
        let cutoff = Date().addingTimeInterval(-3600)
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
