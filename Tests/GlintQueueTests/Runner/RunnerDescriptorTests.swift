import Foundation
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a runner holds of its worker's process: nothing but its own standard descriptors. A
/// runner started with every descriptor of its worker (posix_spawn passes on all those not marked
/// close-on-exec) kept the worker's pipes and sockets open past their owners: in the test process,
/// other tests' output pipes and raw client sockets, and the socket pair by which Foundation
/// learns that a process it started has ended, so that a test waiting for that process through
/// Foundation waited for the runner instead.
@Suite("Runner descriptors (GlintTestRunner)", .serialized, .suiteTimeLimit)
struct RunnerDescriptorTests {
    /// What `/proc/PID/fd/N` names, for each descriptor `pid` has open.
    static func descriptors(of pid: Int32) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").map { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(name)")) ?? name
        }
    }

    /// The `pipe:[inode]` that `/proc` names descriptor `descriptor` of this process by.
    static func pipeName(_ descriptor: Int32) -> String {
        var status = stat()
        fstat(descriptor, &status)
        return "pipe:[\(status.st_ino)]"
    }

    @Test("a warm runner holds none of its worker's descriptors: a pipe the worker's process had open (not close-on-exec) as the runner started")
    func noDescriptorOfTheWorker() async throws {
        // As Foundation makes them: open in this process, not close-on-exec, while the runner starts.
        let pipe = Pipe()
        let held = [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor].map(Self.pipeName)
        try await WorkerHarness.with(handlers: RunnerPoolTests.handlers()) { harness in
            try await harness.withWorker(WorkerHarness.configuration(concurrency: 1)) { _ in
                let submission = JobSubmission(kind: "test.pid", parameters: Data(#"{"fail": false}"#.utf8), tenant: "a", maxAttempts: 1)
                let id = try await harness.store.submit([submission])[0].job.id
                let job = try await harness.waitUntilFinished(id)
                let runner = try #require(Int32(String(decoding: try harness.output(job, "pid"), as: UTF8.self)), "\(job.errors)")
                // Warm, idle in the pool until the worker stops: its descriptors are there to read.
                let open = try Self.descriptors(of: runner)
                #expect(!open.contains { held.contains($0) }, "the runner holds the worker's pipe: \(open.sorted())")
            }
        }
        withExtendedLifetime(pipe) {}
    }
}
