import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Testing

@Suite("FileBlobStore", .suiteTimeLimit)
struct FileBlobStoreTests {
    /// `sha256sum FILE`'s hex, the reference the store's ids must equal (coreutils: always installed).
    private func referenceSHA256(_ file: URL) throws -> String? {
        let tool = try #require(ExternalTool.find("sha256sum"), "sha256sum (coreutils) is not on PATH")
        let outcome = try ExternalTool.run(tool, [file.path])
        try #require(outcome.succeeded, "\(outcome.summary)")
        return outcome.stdoutText.split(separator: " ").first.map(String.init)
    }

    /// Every blob file in the store (the `tmp/` folder excluded).
    private func blobFiles(_ store: FileBlobStore) -> [String] {
        TemporaryDirectory.contents(of: store.directory).filter { path in
            !path.hasPrefix("tmp") && URL(fileURLWithPath: path).lastPathComponent.count == 64
        }
    }

    private func temporaryFiles(_ store: FileBlobStore) -> [String] {
        TemporaryDirectory.contents(of: store.directory.appendingPathComponent("tmp"))
    }

    @Test func theSameBytesGiveOneFileAndTheSHA256OfTheContent() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let source = directory.file("photo.bin")
        var random = SeededRandomGenerator(seed: 7)
        try Data(random.bytes(3 * 1024 * 1024 + 17)).write(to: source)

        let first = try await store.put(contentsOf: source)
        let second = try await store.put(contentsOf: source)
        let fromMemory = try await store.put(try Data(contentsOf: source))
        #expect(first == second && second == fromMemory)
        let reference = try referenceSHA256(source)
        #expect(first.hex == reference)

        let hex = first.hex
        let expectedPath = directory.file("blobs").appendingPathComponent("\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)").path
        #expect(store.url(for: first).path == URL(fileURLWithPath: expectedPath).standardizedFileURL.path)
        #expect(blobFiles(store).count == 1)
        #expect(temporaryFiles(store).isEmpty)
        #expect(store.contains(first))
        let size = store.size(of: first)
        #expect(size == Int64(3 * 1024 * 1024 + 17))
        #expect(try Data(contentsOf: store.url(for: first)) == Data(contentsOf: source))
        let mode = try FileManager.default.attributesOfItem(atPath: store.url(for: first).path)[.posixPermissions] as? Int
        #expect(mode == 0o400, "a blob is a read-only file only its owner may read")

        let other = try await store.put(Data("different".utf8))
        #expect(other != first && blobFiles(store).count == 2)
        let absent = try #require(BlobID(String(repeating: "f", count: 64)))
        #expect(!store.contains(absent) && store.size(of: absent) == nil)
    }

    @Test func concurrentPutsOfTheSameFileAreSafe() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let source = directory.file("input.bin")
        var random = SeededRandomGenerator(seed: 11)
        try Data(random.bytes(2 * 1024 * 1024)).write(to: source)
        // Two store values on one directory, as two workers would have.
        let stores = try [FileBlobStore(directory: directory.file("blobs")), FileBlobStore(directory: directory.file("blobs"))]
        let ids = try await withThrowingTaskGroup(of: BlobID.self) { group in
            for index in 0..<12 {
                group.addTask { try await stores[index % 2].put(contentsOf: source) }
            }
            var ids: Set<BlobID> = []
            for try await id in group { ids.insert(id) }
            return ids
        }
        #expect(ids.count == 1)
        let id = try #require(ids.first)
        #expect(blobFiles(stores[0]).count == 1)
        #expect(temporaryFiles(stores[0]).isEmpty)
        #expect(try Data(contentsOf: stores[0].url(for: id)) == Data(contentsOf: source))
    }

    @Test func aMissingSourceIsAClearErrorAndLeavesNothingBehind() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let store = try FileBlobStore(directory: directory.file("blobs"))
        let missing = directory.file("no-such-photo.jpg")
        do {
            _ = try await store.put(contentsOf: missing)
            Issue.record("putting a missing file should throw")
        } catch let error as JobQueueError {
            #expect(error.kind == .blob)
            #expect(error.problem.contains(missing.path))
            #expect(error.problem.contains("No such file"))
        }
        await #expect(throws: JobQueueError.self) { try await store.put(contentsOf: directory.url) }
        #expect(temporaryFiles(store).isEmpty)
        #expect(blobFiles(store).isEmpty)
    }

    @Test func aLargeFileIsHashedAsItStreams() async throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let source = directory.file("large.bin")
        // 50 MB written in 1 MB pieces: neither the test nor the store holds it whole.
        #expect(FileManager.default.createFile(atPath: source.path, contents: nil))
        let handle = try FileHandle(forWritingTo: source)
        var random = SeededRandomGenerator(seed: 50)
        let piece = Data(random.bytes(1_000_000))
        for index in 0..<50 {
            var chunk = piece
            chunk[0] = UInt8(index)  // no two pieces alike
            try handle.write(contentsOf: chunk)
        }
        try handle.close()

        let store = try FileBlobStore(directory: directory.file("blobs"))
        let id = try await store.put(contentsOf: source)
        #expect(store.size(of: id) == 50_000_000)
        let reference = try referenceSHA256(source)
        #expect(id.hex == reference)
        #expect(temporaryFiles(store).isEmpty)
    }

    @Test func abandonedTemporaryFilesAreRemovedOnlyWhenOld() throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        let clock = ManualWallClock()
        let store = try FileBlobStore(directory: directory.file("blobs"), clock: clock)
        let old = store.directory.appendingPathComponent("tmp/old.partial")
        let fresh = store.directory.appendingPathComponent("tmp/fresh.partial")
        try Data("x".utf8).write(to: old)
        try Data("y".utf8).write(to: fresh)
        try FileManager.default.setAttributes([.modificationDate: clock.now().addingTimeInterval(-7200)], ofItemAtPath: old.path)
        try FileManager.default.setAttributes([.modificationDate: clock.now().addingTimeInterval(-60)], ofItemAtPath: fresh.path)
        #expect(store.removeAbandonedTemporaryFiles() == 1)
        #expect(temporaryFiles(store) == ["fresh.partial"])
        // An hour on, nobody wrote to it: abandoned too.
        clock.advance(by: .seconds(3600))
        #expect(store.removeAbandonedTemporaryFiles() == 1)
        #expect(temporaryFiles(store).isEmpty)
    }

    @Test func anUnwritableStoreDirectoryIsAClearError() throws {
        let directory = try TemporaryDirectory("glint-blobs")
        defer { directory.remove() }
        try Data("file".utf8).write(to: directory.file("occupied"))
        do {
            _ = try FileBlobStore(directory: directory.file("occupied/blobs"))
            Issue.record("a store under a regular file should fail")
        } catch let error as JobQueueError {
            #expect(error.kind == .blob && error.problem.contains("occupied"))
        }
    }
}
