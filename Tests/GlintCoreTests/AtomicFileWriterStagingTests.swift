import Foundation
import GlintCore
import GlintTestSupport
import Testing

/// Writes below a staging folder (a library run's item folder): direct, unsynced, synced once later.
@Suite("AtomicFileWriter: a staging folder", .suiteTimeLimit)
struct AtomicFileWriterStagingTests {
    static let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    static func inode(_ path: String) -> UInt64? { FileIdentity(path: path)?.inode }

    @Test("below it a new file is written under its own name, and a discarded one leaves nothing")
    func newFileDirect() throws {
        let directory = try TemporaryDirectory("glint-atomic-staged")
        defer { directory.remove() }
        let file = directory.file("a.bin").path
        try AtomicFileWriter.$stagingFolder.withValue(directory.path) {
            let writer = try AtomicFileWriter(destination: file)
            #expect(writer.temporaryPath == file)
            try writer.write(Self.payload)
            try writer.commit()
            let discarded = try AtomicFileWriter(destination: directory.file("b.bin").path)
            try discarded.write([1, 2, 3])
            discarded.discard()
        }
        #expect(AtomicFileWriter.stagingFolder == nil, "bound only inside")
        try AtomicFileWriter.sync(file)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file))) == Self.payload)
        #expect(TemporaryDirectory.contents(of: directory.url) == ["a.bin"])
    }

    @Test("below it a whole rewrite keeps the file (same inode); a file with another name (a hard link) is replaced, never changed")
    func rewriteInPlace() throws {
        let directory = try TemporaryDirectory("glint-atomic-staged")
        defer { directory.remove() }
        let file = directory.file("a.bin").path
        let linked = directory.file("linked.bin").path
        let outside = try TemporaryDirectory("glint-atomic-outside")
        defer { outside.remove() }
        let input = outside.file("input.bin").path
        try AtomicFileWriter.write([9, 9, 9], to: file)
        try AtomicFileWriter.write([7, 7, 7], to: input)
        #expect(link(input, linked) == 0)
        let before = Self.inode(file)
        try AtomicFileWriter.$stagingFolder.withValue(directory.path) {
            try AtomicFileWriter.write(Self.payload, to: file)
            try AtomicFileWriter.write([1, 2], to: linked)
        }
        #expect(Self.inode(file) == before)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file))) == Self.payload)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: linked))) == [1, 2])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: input))) == [7, 7, 7], "the other name's file is untouched")
    }

    @Test("elsewhere, or out of it by '..', a write goes through a temporary file as always")
    func elsewhere() throws {
        let directory = try TemporaryDirectory("glint-atomic-staged")
        defer { directory.remove() }
        let staging = try directory.subdirectory("staging")
        for path in [directory.file("out.bin").path, staging.path + "/../escaped.bin"] {
            try AtomicFileWriter.$stagingFolder.withValue(staging.path) {
                let writer = try AtomicFileWriter(destination: path)
                #expect(writer.temporaryPath != path)
                #expect(!FileManager.default.fileExists(atPath: path), "nothing under the name before the commit")
                try writer.write([1])
                try writer.commit()
            }
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("syncing a file that is not there is a write failure naming it")
    func syncMissing() throws {
        let error = #expect(throws: MediaError.self) { try AtomicFileWriter.sync("/nonexistent/glint/a.bin") }
        #expect(error?.kind == .writeFailed)
        #expect(error?.file == "/nonexistent/glint/a.bin")
    }
}
