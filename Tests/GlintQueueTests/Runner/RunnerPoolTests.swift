import Foundation
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Warm runners (`JobRunnerPool`), seen through `test.pid` of `GlintTestRunner`: which runner
/// process ran each job.
@Suite("Runner pool (GlintTestRunner)", .serialized)
struct RunnerPoolTests {
    /// This suite's runners' mark (``RunnerIsolationTests/tag``).
    static let tag = Int.random(in: 1_000_000...999_999_999)

    static func handlers(warmRunners: Int = JobRunnerConfiguration.defaultWarmRunners) throws -> JobHandlerRegistry {
        let executable = try #require(RunnerIsolationTests.runnerExecutable, "GlintTestRunner was not built (swift build --build-tests)")
        var registry = JobHandlerRegistry()
        registry.register(RunnerIsolationTests.DeclaredKind(kind: "test.pid"))
        let runner = JobRunnerConfiguration(executable: executable, arguments: RunnerIsolationTests.tagArguments(tag), warmRunners: warmRunners)
        return registry.isolated(runner, kinds: ["test.pid"])
    }

    /// Runs `jobs` (tenant, fails) one after another with one worker slot; returns the pid of the
    /// runner that ran each.
    static func pids(of jobs: [(tenant: String, fail: Bool)], warmRunners: Int = JobRunnerConfiguration.defaultWarmRunners) async throws -> [Int32] {
        try await WorkerHarness.with(handlers: handlers(warmRunners: warmRunners)) { harness in
            try await harness.withWorker(WorkerHarness.configuration(concurrency: 1)) { _ in
                var pids: [Int32] = []
                for (tenant, fail) in jobs {
                    let submission = try JobSubmission(
                        kind: "test.pid", parameters: Data(#"{"fail": \#(fail)}"#.utf8), tenant: tenant, maxAttempts: 1)
                    let id = try await harness.store.submit([submission])[0].job.id
                    let job = try await harness.waitUntilFinished(id)
                    let text =
                        fail
                        ? job.errors.first?.message.replacingOccurrences(of: "pid ", with: "")
                        : String(decoding: try harness.output(job, "pid"), as: UTF8.self)
                    pids.append(try #require(text.flatMap { Int32($0) }, "\(job.state) \(job.errors)"))
                }
                return pids
            }
        }
    }

    @Test("a runner serves its tenant's next jobs, never another tenant's")
    func warmPerTenant() async throws {
        let pids = try await Self.pids(of: [("a", false), ("a", false), ("b", false), ("a", false), ("b", false)])
        #expect(pids[0] == pids[1] && pids[1] == pids[3], "\(pids)")
        #expect(pids[2] == pids[4], "\(pids)")
        #expect(pids[0] != pids[2], "\(pids)")
    }

    @Test("a runner whose job failed is replaced")
    func replacedAfterFailure() async throws {
        let pids = try await Self.pids(of: [("a", false), ("a", true), ("a", false)])
        #expect(pids[0] == pids[1], "the failing job ran in the warm runner: \(pids)")
        #expect(pids[2] != pids[1], "\(pids)")
    }

    @Test("with no warm runners every job gets a runner of its own")
    func noWarmRunners() async throws {
        let pids = try await Self.pids(of: [("a", false), ("a", false), ("a", false)], warmRunners: 0)
        #expect(Set(pids).count == 3, "\(pids)")
    }

    @Test("the worker's stop retires its warm runners")
    func retiredAtStop() async throws {
        _ = try await Self.pids(of: [("a", false), ("b", false)])
        let waited = await RunnerIsolationTests.waitUntilNoRunner(tag: Self.tag)
        #expect(waited < 1, "warm runners outlived their worker by \(waited) s")
    }
}
