import Foundation
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// Duplicates are files with the same bytes, however alike their sizes and beginnings.
@Suite("Library duplicates", .suiteTimeLimit)
struct LibraryDuplicatesTests {
    @Test(
        "a copy is a duplicate of the first file; a file that differs only after its first 16 KiB, or only in its first byte, is not",
        arguments: [100, 16 << 10, 40 << 10, (1 << 20) + (20 << 10)])
    func copiesAndNearCopies(size: Int) throws {
        let directory = try TemporaryDirectory("glint-duplicates")
        defer { directory.remove() }
        let original = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        var lateChange = original
        lateChange[size - 1] ^= 0xFF
        var earlyChange = original
        earlyChange[0] ^= 0xFF
        let files: [(String, [UInt8])] = [
            ("a", original), ("late", lateChange), ("copy", original), ("early", earlyChange), ("other-size", original + [1]),
            ("copy-of-late", lateChange),
        ]
        var paths: [String] = []
        for (name, bytes) in files {
            paths.append(directory.path + "/" + name)
            try Data(bytes).write(to: URL(fileURLWithPath: paths.last!))
        }
        paths.append(directory.path + "/missing")
        let sizes = files.map { Int64($0.1.count) } + [Int64(size)]
        let repeats = LibraryDuplicates.find(paths: paths, sizes: sizes, jobs: 2)
        #expect(repeats == [2: 0, 5: 1], "\(repeats) (size \(size))")
    }
}
