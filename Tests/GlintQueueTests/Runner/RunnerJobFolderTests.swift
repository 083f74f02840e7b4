import Foundation
import GlintTestSupport
import Testing

@testable import GlintQueue

/// A runner's job folder gets one copy of each blob, however many input names point at it.
@Suite("RunnerJobFolder (inputs copied once)", .suiteTimeLimit)
struct RunnerJobFolderTests {
    @Test("a blob staged under several names is copied once and hard-linked under the others")
    func oneCopyPerBlob() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blob = directory.file("blob")
        let other = directory.file("other")
        try Data(repeating: 7, count: 100_000).write(to: blob)
        try Data("other".utf8).write(to: other)
        let stage = directory.file("staged")
        try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
        var staged: [String: URL] = [:]
        for name in ["a", "b", "c"] {
            staged[name] = stage.appendingPathComponent("\(name).jpg")
            try FileManager.default.createSymbolicLink(at: staged[name]!, withDestinationURL: blob)
        }
        staged["d"] = stage.appendingPathComponent("d.cube")
        try FileManager.default.createSymbolicLink(at: staged["d"]!, withDestinationURL: other)
        let runner = directory.file("runner")
        try FileManager.default.createDirectory(at: runner, withIntermediateDirectories: true)
        let folder = try RunnerJobFolder(in: runner)
        let copies = try folder.copyInputs(staged)
        #expect(Set(copies.keys) == ["a", "b", "c", "d"])
        let inodes = try ["a", "b", "c"].map { name in
            try #require(try FileManager.default.attributesOfItem(atPath: copies[name]!)[.systemFileNumber] as? UInt64)
        }
        #expect(Set(inodes).count == 1)
        #expect(try FileManager.default.attributesOfItem(atPath: copies["a"]!)[.referenceCount] as? Int == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copies["c"]!)) == Data(repeating: 7, count: 100_000))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copies["d"]!)) == Data("other".utf8))
        #expect(folder.empty())
        // The next job's inputs go in again over the same names.
        _ = try folder.copyInputs(staged)
        #expect(folder.empty())
    }
}
