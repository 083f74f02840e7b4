import Foundation
import GlintQueue
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("WorkerIdentity", .suiteTimeLimit)
struct WorkerIdentityTests {
    /// A process id that was just used and is gone: a child started and reaped here (with
    /// `posix_spawn` and `waitpid`, not Foundation's `Process`, which reaps its children only once it
    /// notices their end, and until then leaves a zombie under the pid).
    private func goneProcessID() throws -> Int32 {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(arguments[0]) }
        let spawned = posix_spawn(&pid, "/bin/true", nil, nil, arguments, environ)
        try #require(spawned == 0, "posix_spawn /bin/true: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            try #require(errno == EINTR, "waitpid \(pid): errno \(errno)")
        }
        return pid
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
