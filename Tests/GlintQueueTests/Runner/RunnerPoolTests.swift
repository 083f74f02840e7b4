import Foundation
import GlintCore
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Warm runners (`JobRunnerPool`), seen through `test.pid` of `GlintTestRunner`: which runner
/// process ran each job.
@Suite("Runner pool (GlintTestRunner)", .serialized, .suiteTimeLimit)
struct RunnerPoolTests {
    /// This suite's runners' mark (``RunnerIsolationTests/tag``).
    static let tag = Int.random(in: 1_000_000...999_999_999)

    /// How long a warm runner may wait for its next job in these tests unless told: an hour, so
    /// that a runner is replaced between two jobs of a test only for what the test is about, not
    /// because a loaded machine took 30 s between them (``replacedWhenIdle`` tests the timeout on
    /// its own clock).
    static let warmFor = Duration.seconds(3600)

    /// The test kinds in warm runners; idle ones are replaced after `idleTimeout` of `clock`.
    static func handlers(
        warmRunners: Int = JobRunnerConfiguration.defaultWarmRunners, idleTimeout: Duration = warmFor,
        clock: any WallClock = SystemWallClock(), adjust: (inout JobRunnerConfiguration) -> Void = { _ in }
    ) throws -> JobHandlerRegistry {
        let executable = try #require(RunnerIsolationTests.runnerExecutable, "GlintTestRunner was not built (swift build --build-tests)")
        var registry = JobHandlerRegistry()
        registry.register(RunnerIsolationTests.DeclaredKind(kind: "test.pid"))
        registry.register(RunnerIsolationTests.DeclaredKind(kind: "test.pid.idle", isolation: .runner(.idle)))
        var runner = JobRunnerConfiguration(executable: executable, arguments: RunnerIsolationTests.tagArguments(tag), warmRunners: warmRunners)
        (runner.idleTimeout, runner.clock) = (idleTimeout, clock)
        adjust(&runner)
        return registry.isolated(runner)
    }

    /// Runs `jobs` (tenant, fails) one after another with one worker slot; returns the pid of the
    /// runner that ran each.
    static func pids(of jobs: [(tenant: String, fail: Bool)], warmRunners: Int = JobRunnerConfiguration.defaultWarmRunners) async throws -> [Int32] {
        try await completed(jobs.map { ($0.tenant, $0.fail, "test.pid") }, warmRunners: warmRunners).map(\.pid)
    }

    /// Runs `jobs` (tenant, fails, kind) one after another with one worker slot; returns the pid of
    /// the runner that ran each, and for those that did not fail, how it was scheduled.
    static func completed(
        _ jobs: [(tenant: String, fail: Bool, kind: JobKind)], warmRunners: Int = JobRunnerConfiguration.defaultWarmRunners,
        idleTimeout: Duration = warmFor, adjust: (inout JobRunnerConfiguration) -> Void = { _ in }
    ) async throws -> [(pid: Int32, scheduling: Scheduling?)] {
        try await WorkerHarness.with(handlers: handlers(warmRunners: warmRunners, idleTimeout: idleTimeout, adjust: adjust)) { harness in
            try await harness.withWorker(WorkerHarness.configuration(concurrency: 1)) { _ in
                var ran: [(pid: Int32, scheduling: Scheduling?)] = []
                for (tenant, fail, kind) in jobs {
                    ran.append(try await run(tenant: tenant, fail: fail, kind: kind, in: harness))
                }
                return ran
            }
        }
    }

    /// Runs one job of `kind` for `tenant` and waits for it; the pid of the runner that ran it,
    /// and when it did not fail, how it was scheduled.
    static func run(tenant: String, fail: Bool = false, kind: JobKind = "test.pid", in harness: WorkerHarness) async throws -> (
        pid: Int32, scheduling: Scheduling?
    ) {
        let submission = JobSubmission(kind: kind, parameters: Data(#"{"fail": \#(fail)}"#.utf8), tenant: tenant, maxAttempts: 1)
        let id = try await harness.store.submit([submission])[0].job.id
        let job = try await harness.waitUntilFinished(id)
        let text =
            fail
            ? job.errors.first?.message.replacingOccurrences(of: "pid ", with: "")
            : String(decoding: try harness.output(job, "pid"), as: UTF8.self)
        let pid = try #require(text.flatMap { Int32($0) }, "\(job.state) \(job.errors)")
        return (pid, fail ? nil : try Scheduling(String(decoding: try harness.output(job, "scheduling"), as: UTF8.self)))
    }

    /// How `test.pid` found its runner scheduled: `policy nice session group`.
    struct Scheduling {
        var policy, nice, session, group: Int32

        init(_ text: String) throws {
            let fields = text.split(separator: " ").compactMap { Int32($0) }
            guard fields.count == 4 else { throw CocoaError(.fileReadCorruptFile) }
            (policy, nice, session, group) = (fields[0], fields[1], fields[2], fields[3])
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

    @Test(
        "a short kind's runner runs SCHED_BATCH at nice 10, an idle-priority kind's SCHED_IDLE; both in the worker's session, each in a process group of its own, never shared"
    )
    func schedulingByKind() async throws {
        let ran = try await Self.completed([("a", false, "test.pid"), ("a", false, "test.pid.idle"), ("a", false, "test.pid"), ("a", false, "test.pid.idle")])
        let (batch, idle) = (try #require(ran[0].scheduling), try #require(ran[1].scheduling))
        #expect(batch.policy == 3 && batch.nice == 10, "SCHED_BATCH (3) at nice 10: \(batch)")
        #expect(idle.policy == 5, "SCHED_IDLE (5): \(idle)")
        for (pid, scheduling) in [(ran[0].pid, batch), (ran[1].pid, idle)] {
            #expect(scheduling.session == getsid(0), "the worker's session (its autogroup): \(scheduling)")
            #expect(scheduling.group == pid, "a process group of its own: \(scheduling)")
        }
        #expect(ran[0].pid != ran[1].pid, "one runner for both priorities: \(ran.map(\.pid))")
        #expect(ran[2].pid == ran[0].pid && ran[3].pid == ran[1].pid, "each priority's runner stays warm: \(ran.map(\.pid))")
    }

    @Test("without idle priority (--runner-priority normal) an idle-priority kind's runner runs SCHED_BATCH at the runners' nice value, as a short kind's")
    func schedulingWithoutIdlePriority() async throws {
        let ran = try await Self.completed([("a", false, "test.pid.idle"), ("a", false, "test.pid")]) { runner in
            runner.usesIdlePriority = false
            runner.niceness = 0
        }
        for scheduling in ran.compactMap(\.scheduling) {
            #expect(scheduling.policy == 3 && scheduling.nice == 0, "SCHED_BATCH (3) at nice 0: \(scheduling)")
        }
        #expect(ran.compactMap(\.scheduling).count == 2)
        #expect(ran[0].pid == ran[1].pid, "both kinds at one priority share the warm runner: \(ran.map(\.pid))")
    }

    @Test("with no warm runners every job gets a runner of its own")
    func noWarmRunners() async throws {
        let pids = try await Self.pids(of: [("a", false), ("a", false), ("a", false)], warmRunners: 0)
        #expect(Set(pids).count == 3, "\(pids)")
    }

    @Test("the worker's stop retires its warm runners")
    func retiredAtStop() async throws {
        // Idle for an hour before replaced (two before a runner would leave by itself): only the
        // worker's stop can end them within the test.
        let pids = try await Self.completed([("a", false, "test.pid"), ("b", false, "test.pid")]).map(\.pid)
        // How soon they go is measured by make bench-latency, not asserted here.
        try await RunnerIsolationTests.exitOfRunners(tag: Self.tag)
        #expect(RunnerIsolationTests.runners(tag: Self.tag).isEmpty, "warm runners \(pids) outlived their worker")
    }

    @Test("a warm runner idle for its idle timeout or less is used again; one idle for longer is replaced")
    func replacedWhenIdle() async throws {
        let clock = ManualWallClock()
        // Ten minutes on the test's clock; a runner leaves by itself after twice that of real
        // time, so that only the pool's retirement can end the stale one within the test.
        let idleTimeout = Duration.seconds(600)
        try await WorkerHarness.with(handlers: Self.handlers(idleTimeout: idleTimeout, clock: clock), clock: clock) { harness in
            try await harness.withWorker(WorkerHarness.configuration(concurrency: 1)) { _ in
                let first = try await Self.run(tenant: "a", in: harness).pid
                clock.advance(by: idleTimeout)
                let second = try await Self.run(tenant: "a", in: harness).pid
                #expect(second == first, "idle for exactly its timeout: used again")
                clock.advance(by: idleTimeout + .seconds(1))
                let third = try await Self.run(tenant: "a", in: harness).pid
                #expect(third != second, "idle for longer than its timeout: replaced")
                try await Waiting.exit(of: second, within: .seconds(60))
            }
        }
    }
}
