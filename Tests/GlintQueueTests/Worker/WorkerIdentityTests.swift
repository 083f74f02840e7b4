import Foundation
import GlintQueue
import GlintTestSupport
import Testing

@Suite("WorkerIdentity", .suiteTimeLimit)
struct WorkerIdentityTests {
    /// A process id that was just used and is gone.
    private func goneProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        // Its end as the kernel tells it: Foundation hears of it only once every copy of the
        // descriptor it gave the child is closed, a runner another test started meanwhile among them.
        _ = ProcessExit.blockingStatus(of: process, within: .seconds(60))
        return process.processIdentifier
    }

    @Test func theWorkFoldersOfKilledWorkersOfThisHostGoAndNoOthers() throws {
        let root = try TemporaryDirectory("glint-work")
        let me = WorkerIdentity.make()
        let host = String(me.split(separator: "-").dropLast(2).joined(separator: "-"))
        let gone = "\(host)-\(try goneProcessID())-abcdef"
        let otherHost = "elsewhere-1-abcdef"
        for name in [me, gone, otherHost, "not-a-worker"] {
            try FileManager.default.createDirectory(
                at: root.url.appendingPathComponent(name).appendingPathComponent("runners"), withIntermediateDirectories: true)
        }
        #expect(WorkerIdentity.isGoneFromThisHost(gone))
        #expect(!WorkerIdentity.isGoneFromThisHost(me))
        #expect(!WorkerIdentity.isGoneFromThisHost(otherHost))
        #expect(WorkerIdentity.removeWorkFoldersOfGoneWorkers(in: root.url) == 1)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == [me, otherHost, "not-a-worker"])
    }
}
