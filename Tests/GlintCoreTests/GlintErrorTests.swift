import Foundation
import GlintCore
import GlintTestSupport
import Testing

/// The one error protocol every caller maps: codes, permanence and file naming.
@Suite("GlintError: codes, permanence, files", .suiteTimeLimit)
struct GlintErrorTests {
    @Test("media errors: a caller's mistake, an unusable file, a failure that may pass")
    func mediaErrorCodes() {
        #expect(MediaError(.invalidArgument, "x").code == .badParameters)
        for kind in [MediaError.Kind.notFound, .unreadable, .empty, .truncated, .corrupt, .unsupported, .tooLarge] {
            let error = MediaError(kind, file: "a.jpg", "bad")
            #expect(error.code == .invalidInput)
            #expect(error.isPermanent)
            #expect(error.kindName == kind.rawValue)
        }
        for kind in [MediaError.Kind.encodingFailed, .writeFailed] {
            #expect(MediaError(kind, "x").code == .handlerFailed)
            #expect(!MediaError(kind, "x").isPermanent)
        }
    }

    @Test("the message names the file; naming keeps a file already named")
    func naming() {
        let error = MediaError(.truncated, "ends early")
        #expect(error.message == "ends early")
        #expect(error.naming("a.jpg").message == "a.jpg: ends early")
        #expect(error.naming("a.jpg").naming("b.jpg").file == "a.jpg")
        let thrown = #expect(throws: MediaError.self) {
            try MediaError.naming("c.heic") { throw MediaError(.corrupt, "no ftyp") }
        }
        #expect(thrown?.file == "c.heic")
    }

    @Test("permanent codes: the request is wrong, not the moment")
    func permanence() {
        #expect(ErrorCode.badParameters.isPermanentByDefault)
        #expect(ErrorCode.unknownKind.isPermanentByDefault)
        #expect(!ErrorCode.handlerFailed.isPermanentByDefault)
        #expect(!ErrorCode.unavailable.isPermanentByDefault)
        #expect(!ErrorCode("a-handlers-own-code").isPermanentByDefault)
    }

    @Test("atomic writes: the whole file or nothing, and a typed error naming the file")
    func atomicWrite() throws {
        let directory = try TemporaryDirectory("glint-core-tests")
        defer { directory.remove() }
        let file = directory.file("out.txt").path
        try AtomicFileWriter.write(Array("hello".utf8), to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "hello")
        do {
            let writer = try AtomicFileWriter(destination: file)
            try writer.write(Array("half".utf8))
            // Dropped without commit.
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "hello")
        #expect(TemporaryDirectory.contents(of: directory.url) == ["out.txt"])
        let missing = directory.file("no/such/folder/x.txt").path
        let error = #expect(throws: MediaError.self) { try AtomicFileWriter.write([1], to: missing) }
        #expect(error?.file == missing)
        #expect(error?.code == .handlerFailed)
    }
}
