import Foundation
import GlintCore
import GlintTestSupport
import Testing

/// The one overwrite check every writer named after its inputs uses.
@Suite("OutputPath: outputs never replace their inputs", .suiteTimeLimit)
struct OutputPathTests {
    @Test("an output in another folder is the folder's file, resolved")
    func otherFolder() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = work.file("in/IMG.jpg").path
        let output = try OutputPath.file(named: "IMG.jpg", in: work.file("out/../out").path, inputs: [input])
        #expect(output == OutputPath.resolved(work.file("out/IMG.jpg").path))
    }

    @Test("the input's own folder is refused, naming the input")
    func sameFolder() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = work.file("IMG.jpg").path
        let error = #expect(throws: MediaError.self) {
            try OutputPath.file(named: "IMG.jpg", in: work.file("sub/..").path, inputs: ["other.mov", input])
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.file == input)
        #expect(error?.problem == "the output would overwrite the input: choose another --out directory")
    }

    @Test("an output that is the input under another name (a link to it, a hard link, a linked folder) is refused")
    func sameFileOtherName() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = work.file("in/IMG.jpg").path
        try FileManager.default.createDirectory(atPath: work.file("in").path, withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: URL(fileURLWithPath: input))
        let hard = try work.subdirectory("hard")
        #expect(link(input, hard.appendingPathComponent("IMG.jpg").path) == 0)
        let soft = try work.subdirectory("soft")
        try FileManager.default.createSymbolicLink(atPath: soft.appendingPathComponent("IMG.jpg").path, withDestinationPath: input)
        try FileManager.default.createSymbolicLink(atPath: work.file("linked").path, withDestinationPath: work.file("in").path)
        for folder in [hard.path, soft.path, work.file("linked").path, work.file("in/../in").path] {
            let error = #expect(throws: MediaError.self, "\(folder)") { try OutputPath.file(named: "IMG.jpg", in: folder, inputs: [input]) }
            #expect(error?.file == input)
        }
        // Another file of the same name elsewhere is not the input.
        let other = try work.subdirectory("other")
        try Data("other".utf8).write(to: other.appendingPathComponent("IMG.jpg"))
        #expect(try OutputPath.file(named: "IMG.jpg", in: other.path, inputs: [input]) == other.appendingPathComponent("IMG.jpg").path)
    }

    @Test("an output in a folder that exists is named by the folder's real path; a name that is a link is followed")
    func existingFolderResolved() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let real = try work.subdirectory("real")
        try FileManager.default.createSymbolicLink(atPath: work.file("alias").path, withDestinationPath: real.path)
        let expected = OutputPath.resolved(real.appendingPathComponent("IMG.jpg").path)
        for folder in [work.file("alias").path, work.file("alias/../real/.").path, real.path + "/"] {
            #expect(try OutputPath.file(named: "IMG.jpg", in: folder, inputs: ["/nowhere/IMG.jpg"]) == expected, "\(folder)")
        }
        let target = try work.subdirectory("elsewhere").appendingPathComponent("target.jpg").path
        try Data("jpeg".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: real.appendingPathComponent("link.jpg").path, withDestinationPath: target)
        #expect(try OutputPath.file(named: "link.jpg", in: real.path, inputs: []) == OutputPath.resolved(target))
        #expect(try OutputPath.file(named: "..", in: real.path, inputs: []) == OutputPath.resolved(work.path))
    }

    @Test("a chosen output file that is an input is refused, naming the file given")
    func chosenFile() throws {
        let error = #expect(throws: MediaError.self) {
            try OutputPath.refuseOverwriting(OutputPath.resolved("/tmp/a/b.gif"), inputs: ["/tmp/a/./b.gif"], naming: "b.gif")
        }
        #expect(error?.file == "b.gif")
        #expect(error?.problem == "the output would overwrite the input: choose another file")
    }

    @Test("two inputs with one name would collide")
    func collision() throws {
        let error = #expect(throws: MediaError.self) {
            try OutputPath.file(namedAfter: "/a/IMG.jpg", in: "/out", inputs: ["/a/IMG.jpg", "/b/IMG.jpg"])
        }
        #expect(error?.problem == "two images are called IMG.jpg: their outputs would collide")
    }
}
