import Foundation
import GlintCore
import GlintTestSupport
import Testing

/// Deferred syncing: a library run's staging files are synced once, just before they move into
/// the output folder.
@Suite("AtomicFileWriter: syncing deferred to a later sync", .suiteTimeLimit)
struct AtomicFileWriterSyncTests {
    @Test("with syncsOnCommit bound false a commit still gives the whole file, with no temporary file beside it")
    func deferredSync() throws {
        let directory = try TemporaryDirectory("glint-atomic-sync")
        defer { directory.remove() }
        let file = directory.file("a.bin").path
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try AtomicFileWriter.$syncsOnCommit.withValue(false) {
            #expect(!AtomicFileWriter.syncsOnCommit)
            try AtomicFileWriter.write(payload, to: file)
        }
        #expect(AtomicFileWriter.syncsOnCommit, "bound only inside")
        try AtomicFileWriter.sync(file)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file))) == payload)
        #expect(TemporaryDirectory.contents(of: directory.url) == ["a.bin"])
    }

    @Test("syncing a file that is not there is a write failure naming it")
    func syncMissing() throws {
        let error = #expect(throws: MediaError.self) { try AtomicFileWriter.sync("/nonexistent/glint/a.bin") }
        #expect(error?.kind == .writeFailed)
        #expect(error?.file == "/nonexistent/glint/a.bin")
    }
}
