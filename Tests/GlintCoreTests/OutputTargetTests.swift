import Foundation
import GlintCore
import GlintTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs that are not plain files are written through or refused, never replaced by a rename.
@Suite("OutputTarget: standard output, FIFOs, devices, links", .suiteTimeLimit)
struct OutputTargetTests {
    @Test("a new path and a regular file are replaced; a link to a regular file replaces the file and stays a link")
    func replaced() throws {
        let directory = try TemporaryDirectory("glint-output-target")
        defer { directory.remove() }
        let file = directory.file("a.txt").path
        #expect(try OutputTarget.resolve(file) == .replace(file))
        try AtomicFileWriter.write(Array("one".utf8), to: file)
        #expect(try OutputTarget.resolve(file) == .replace(file))
        let link = directory.file("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        try AtomicFileWriter.write(Array("two".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "two")
    }

    @Test("standard output, a character device and a link to one are written through")
    func writtenThrough() throws {
        #expect(try OutputTarget.resolve("-") == .writeThrough(nil))
        #expect(try OutputTarget.resolve("/dev/null") == .writeThrough("/dev/null"))
        let directory = try TemporaryDirectory("glint-output-target")
        defer { directory.remove() }
        let link = directory.file("null-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        #expect(try OutputTarget.resolve(link) == .writeThrough(link))
        try AtomicFileWriter.write(Array("discarded".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null", "the link was replaced")
        #expect(TemporaryDirectory.contents(of: directory.url) == ["null-link"], "a temporary file was left beside the link")
    }

    @Test("a FIFO gets the whole output through it and stays a FIFO")
    func fifo() async throws {
        let directory = try TemporaryDirectory("glint-output-target")
        defer { directory.remove() }
        let fifo = directory.file("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        // Both ends block until the other opens: the reader gets a thread of its own, never one of
        // the few the suites' tasks share (a task blocked there waiting for another task can wait forever).
        let received = Mutex<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let bytes = FileHandle(forReadingAtPath: fifo).map { handle in
                defer { try? handle.close() }
                return [UInt8](handle.readDataToEndOfFile())
            }
            received.withLock { $0 = bytes ?? [] }
            done.signal()
        }.start()
        try AtomicFileWriter.write(payload, to: fifo)
        done.wait()
        #expect(received.withLock { $0 } == payload)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    @Test("a directory is refused with an error naming it")
    func directoryRefused() throws {
        let directory = try TemporaryDirectory("glint-output-target")
        defer { directory.remove() }
        let error = #expect(throws: MediaError.self) { try AtomicFileWriter.write([1], to: directory.url.path) }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.file == directory.url.path)
    }
}
