import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("AnnexB", .suiteTimeLimit)
struct AnnexBTests {
    @Test func splitsOnThreeAndFourByteStartCodes() throws {
        let stream: [UInt8] = [0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x68, 3, 0, 0, 0, 0, 1, 0x65, 4, 5]
        let units = AnnexB.nalUnits(in: stream)
        #expect(units == [[0x67, 1, 2], [0x68, 3], [0x65, 4, 5]])
        let prefixed = AnnexB.lengthPrefixed(stream)
        #expect(prefixed == [0, 0, 0, 3, 0x67, 1, 2, 0, 0, 0, 2, 0x68, 3, 0, 0, 0, 3, 0x65, 4, 5])
        #expect(try AnnexB.units(inLengthPrefixed: prefixed) == units)
        #expect(throws: MediaError.self) { try AnnexB.units(inLengthPrefixed: [0, 0, 0, 9, 1]) }
    }

    @Test func removesEmulationPrevention() {
        #expect(AnnexB.removingEmulationPrevention([0x42, 0, 0, 3, 1, 0, 0, 3, 0, 0, 3]) == [0x42, 0, 0, 1, 0, 0, 0, 0])
        #expect(AnnexB.removingEmulationPrevention([0, 3, 0, 0, 2]) == [0, 3, 0, 0, 2])
        #expect(AnnexB.hevcType([0x42, 0x01]) == 33)
        #expect(AnnexB.h264Type([0x67]) == 7)
    }
}
