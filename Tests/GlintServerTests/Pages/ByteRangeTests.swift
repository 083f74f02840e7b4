import GlintTestSupport
import Testing

@testable import GlintServer

@Suite("Byte ranges", .suiteTimeLimit)
struct ByteRangeTests {
    @Test("single ranges resolve against the size")
    func ranges() {
        #expect(ByteRange(header: nil, size: 1000) == .whole)
        #expect(ByteRange(header: "bytes=0-99", size: 1000) == .partial(0...99))
        #expect(ByteRange(header: "bytes=900-", size: 1000) == .partial(900...999))
        #expect(ByteRange(header: "bytes=990-2000", size: 1000) == .partial(990...999))
        #expect(ByteRange(header: "bytes=-10", size: 1000) == .partial(990...999))
        #expect(ByteRange(header: "bytes=-5000", size: 1000) == .partial(0...999))
    }

    @Test("ranges outside the file are unsatisfiable")
    func unsatisfiable() {
        #expect(ByteRange(header: "bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-0", size: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
    }

    @Test(
        "other units, several ranges and bad syntax are ignored",
        arguments: [
            "items=0-1", "bytes=0-1,5-6", "bytes=5-2", "bytes=a-b", "bytes=", "bytes=--1",
        ])
    func ignored(_ header: String) {
        #expect(ByteRange(header: header, size: 1000) == .whole)
    }
}
