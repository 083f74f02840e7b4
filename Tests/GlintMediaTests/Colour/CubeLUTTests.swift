import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Reading Adobe `.cube` files, good and bad.
@Suite("Cube LUT files", .suiteTimeLimit)
struct CubeLUTTests {
    /// A 2-point table that swaps red and blue, with the header variations the format allows.
    static let swapText = """
        # Created by hand
        TITLE "Swap red and blue"

        LUT_3D_SIZE 2
        DOMAIN_MIN 0 0 0
        DOMAIN_MAX 1.0 1.0 1.0
        0 0 0
        0 0 1.0
        0 1 0
        0 1 1   # a trailing comment
        1 0 0
        1 0 1
        1 1 0\r
        1 1 1
        """

    @Test func readsTitleDomainAndTable() throws {
        let lut = try CubeLUT(parsing: Self.swapText, file: "swap.cube")
        #expect(lut.title == "Swap red and blue")
        #expect(lut.size == 2)
        #expect(lut.domainMin == .zero && lut.domainMax == .one)
        let out = lut.lookup(SIMD3(0.9, 0.5, 0.1))
        #expect(abs(out.x - 0.1) < 1e-9 && abs(out.y - 0.5) < 1e-9 && abs(out.z - 0.9) < 1e-9)
    }

    @Test func identityTableChangesNothingEvenOutsideItsDomain() {
        let lut = CubeLUT.identity(size: 17)
        for input in [SIMD3(0.0, 0.0, 0.0), SIMD3(0.123, 0.456, 0.789), SIMD3(1, 1, 1), SIMD3(-0.2, 1.3, 0.5)] {
            let out = lut.lookup(input)
            #expect(abs(out.x - input.x) < 1e-6 && abs(out.y - input.y) < 1e-6 && abs(out.z - input.z) < 1e-6, "\(input) -> \(out)")
        }
    }

    @Test func domainScalesTheInput() throws {
        var text = "LUT_3D_SIZE 2\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 2 2 2\n"
        for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { text += "\(r) \(g) \(b)\n" } } }
        let lut = try CubeLUT(parsing: text, file: "domain.cube")
        let out = lut.lookup(SIMD3(1, 0.5, 2))
        #expect(abs(out.x - 0.5) < 1e-9 && abs(out.y - 0.25) < 1e-9 && abs(out.z - 1) < 1e-9)
    }

    struct BadCube: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var words: [String]
        var kind: MediaError.Kind = .corrupt
        var testDescription: String { name }
    }

    static let badCubes: [BadCube] = [
        BadCube(name: "1D LUT", text: "LUT_1D_SIZE 4\n0 0 0\n", words: ["line 1", "1D"], kind: .unsupported),
        BadCube(
            name: "one entry short", text: "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 7),
            words: ["7 entries", "needs 8", "line 8"]),
        BadCube(
            name: "one entry too many", text: "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 9),
            words: ["line 10", "more than the 8"]),
        BadCube(name: "two numbers on a line", text: "LUT_3D_SIZE 2\n0 0 0\n0 0\n", words: ["line 3", "three numbers"]),
        BadCube(name: "a word for a number", text: "LUT_3D_SIZE 2\n0 0 zero\n", words: ["line 2", "\"zero\""]),
        BadCube(name: "unknown keyword", text: "LUT_3D_SIZE 2\nGAMMA 2.2\n", words: ["line 2", "unknown keyword", "GAMMA"]),
        BadCube(name: "data before the size", text: "0 0 0\nLUT_3D_SIZE 2\n", words: ["line 1", "before LUT_3D_SIZE"]),
        BadCube(name: "size out of range", text: "LUT_3D_SIZE 1000\n", words: ["line 1", "1000"]),
        BadCube(name: "no size at all", text: "# only a comment\n", words: ["no LUT_3D_SIZE"]),
        BadCube(name: "keyword after data", text: "LUT_3D_SIZE 2\n0 0 0\nTITLE \"late\"\n", words: ["line 3", "after the table"]),
        BadCube(name: "not a number", text: "LUT_3D_SIZE 2\nnan 0 0\n", words: ["line 2", "not a number"]),
        BadCube(
            name: "reversed domain",
            text: "LUT_3D_SIZE 2\nDOMAIN_MIN 1 1 1\nDOMAIN_MAX 0 0 0\n"
                + String(repeating: "0 0 0\n", count: 8), words: ["DOMAIN_MIN"]),
        // Found by the CubeLUT fuzzer: accepted, then a look-up at the domain's end trapped on NaN.
        BadCube(
            name: "domain wider than a Double spans",
            text: "LUT_3D_SIZE 2\nDOMAIN_MIN -1e308 0 0\nDOMAIN_MAX 1e308 1 1\n"
                + String(repeating: "0 0 0\n", count: 8), words: ["spans more than a Double"]),
    ]

    @Test(arguments: badCubes)
    func badFilesNameTheFileAndTheLine(_ bad: BadCube) throws {
        let directory = try TemporaryDirectory("glint-cube")
        defer { directory.remove() }
        let file = directory.file("bad.cube")
        try Data(bad.text.utf8).write(to: file)
        let error = #expect(throws: MediaError.self) { try CubeLUT(path: file.path) }
        #expect(error?.file == file.path)
        #expect(error?.kind == bad.kind, "\(String(describing: error))")
        for word in bad.words {
            #expect(error?.problem.contains(word) == true, "\(String(describing: error)) should mention \(word)")
        }
    }

    @Test func missingEmptyAndBinaryFilesAreClearErrors() throws {
        let directory = try TemporaryDirectory("glint-cube")
        defer { directory.remove() }
        let missing = #expect(throws: MediaError.self) { try CubeLUT(path: directory.file("none.cube").path) }
        #expect(missing?.kind == .notFound)
        let empty = directory.file("empty.cube")
        try Data().write(to: empty)
        #expect((#expect(throws: MediaError.self) { try CubeLUT(path: empty.path) })?.kind == .empty)
        let binary = directory.file("binary.cube")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0xC3]).write(to: binary)
        #expect((#expect(throws: MediaError.self) { try CubeLUT(path: binary.path) })?.kind == .corrupt)
    }
}
