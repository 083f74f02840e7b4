import Foundation
import GlintQueue
import GlintTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `glint worker` runs `livephoto.edit` in `glint runner` processes (the default): a runner killed
/// mid-edit fails the attempt with `runner-crashed` and the job is retried and completes; a
/// deadline kills it with `time-limit`; cancelling kills it at once. Real processes, the real pair.
@Suite(
    "glint worker: media jobs in runner processes", .serialized,
    .requires(.sharedFixtures), .suiteTimeLimit)
struct RunnerIsolationCLITests {
    /// A data directory with a `glint worker` over it.
    struct Setup {
        let directory: TemporaryDirectory
        let data: URL
        let worker: WorkerProcess

        /// Starts `glint worker` (or `glint serve`) over a fresh data directory.
        init(_ arguments: [String], command: String = "worker") throws {
            directory = try TemporaryDirectory("glint-runner")
            data = try directory.subdirectory("data")
            // A lease far longer than an edit takes on a busy machine: these tests count attempts, and
            // no test here is about lease expiry (WorkerCrashTests and LeaseConformanceTests are).
            worker = try WorkerProcess(
                ["--data-dir", data.path, "--lease-seconds", "120"] + arguments, command: command, log: directory.file("\(command).log"))
        }

        /// Where `glint serve --json` says it listens.
        func serverURL() async throws -> URL {
            try #require(URL(string: try await worker.listeningURL()))
        }

        /// Queues an edit of the real pair; returns its id.
        func submitEdit(maxAttempts: Int = 20) throws -> JobID {
            let run = try GlintProcess.run([
                "jobs", "submit", "livephoto.edit", "--data-dir", data.path, "--params", #"{"recipe": {"exposure": 0.3}}"#,
                "--input", "still=\(CLIFixtures.iphoneStill)", "--input", "movie=\(CLIFixtures.iphoneMovie)",
                "--max-attempts", "\(maxAttempts)",
            ])
            #expect(run.status == 0, "\(run.stderrText)")
            return try #require(JobID(run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        func withStore<R: Sendable>(_ body: (any JobStore) async throws -> R) async throws -> R {
            try await withJobStore(.sqlite(path: data.appendingPathComponent("queue.sqlite").path), body)
        }

        var runners: [pid_t] { RunnerProcesses.children(of: worker.process.processIdentifier) }
    }

    /// Reads the job again after each change the store reports (a commit of the worker's process)
    /// until `condition` holds, for 3 minutes at most: a guard against hangs, not a timing.
    static func waitFor(
        _ id: JobID, in store: any JobStore, _ what: String = "to finish", _ condition: @escaping @Sendable (Job) -> Bool
    ) async throws -> Job {
        try await awaitJob(id, in: store, what) { condition($0) ? $0 : nil }
    }

    /// Reads the job again after each change the store reports until `step` returns a value, and
    /// returns it, for 3 minutes at most. `step` runs on the wait's own thread (``Waiting/within(_:_:_:)``).
    static func awaitJob<R: Sendable>(
        _ id: JobID, in store: any JobStore, _ what: String, _ step: @escaping @Sendable (Job) throws -> R?
    ) async throws -> R {
        try await Waiting.within(.seconds(180), "job \(id) \(what)") {
            while true {
                // The mark comes first: a change (by the worker's process) after the read ends the wait at once.
                let mark = store.jobChangeMark()
                let job = try #require(try await store.job(id, tenant: nil), "job \(id) vanished")
                if let result = try step(job) { return result }
                try Task.checkCancellation()
                await store.waitForJobChange(since: mark, timeout: .seconds(180))
            }
        }
    }

    /// Does `act` to the runner running the job's edit, mid-edit: once the job shows progress while
    /// it runs (which only its runner reports: an edit's first step is a progress report), after
    /// the runner lowered its priority and took the job. The edit ends about 2 s after that first
    /// report, so `act` runs at once on the wait's own thread, not after a turn of the task pool
    /// that the other tests keep busy; it gets the runner's pid and the sandbox's processes
    /// (bubblewrap and its PID namespace's init, when sandboxed).
    static func actOnRunnerOfEdit<R: Sendable>(
        _ id: JobID, _ setup: Setup, in store: any JobStore, _ act: @escaping @Sendable (_ runner: pid_t, _ sandbox: [pid_t]) throws -> R
    ) async throws -> R {
        let worker = setup.worker.process.processIdentifier
        let acted: R? = try await awaitJob(id, in: store, "to report progress from its runner") { job -> R?? in
            guard job.state == .running && job.progress != nil else { return nil }
            guard let runner = RunnerProcesses.runner(of: worker) else { return .some(nil) }
            return .some(try act(runner, RunnerProcesses.children(of: worker)))
        }
        return try #require(acted, "no runner ran the edit once it reported progress: \(setup.worker.logText.suffix(3000))")
    }

    /// The scheduling policy of `pid` (field 41 of `/proc/PID/stat`).
    static func schedulingPolicy(of pid: pid_t) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 38 ? Int(fields[38]) : nil
    }

    @Test("a runner killed mid-edit (SIGSEGV, SIGKILL): runner-crashed naming the signal, then retried and completed", arguments: [SIGSEGV, SIGKILL])
    func killedRunner(signal: Int32) async throws {
        let setup = try Setup([])
        defer { setup.directory.remove() }
        let id = try setup.submitEdit()
        try await setup.withStore { store in
            let (killed, policy) = try await Self.actOnRunnerOfEdit(id, setup, in: store) { runner, _ in
                (kill(runner, signal), Self.schedulingPolicy(of: runner))
            }
            #expect(killed == 0, "the runner was not killed mid-edit")
            // The tests' workers run runners at --runner-priority normal (WorkerProcess).
            #expect(policy == 3, "an edit's runner runs SCHED_BATCH (3) at --runner-priority normal: \(String(describing: policy))")
            let job = try await Self.waitFor(id, in: store) { $0.state.isFinished }
            #expect(job.state == .completed, "\(job.errors)")
            #expect(job.attempt == 2)
            #expect(job.errors.map(\.code) == ["runner-crashed"])
            let name = signal == SIGSEGV ? "SIGSEGV" : "SIGKILL"
            #expect(job.errors.first?.message == "the job's runner was killed by \(name)")
            #expect(job.progress?.fraction == 1)
            #expect(job.outputs.keys.sorted() == ["movie", "still"])
        }
        #expect(await setup.worker.stop() == 0, "\(setup.worker.logText.suffix(2000))")
    }

    /// What `/health/ready` answered at one change of the job.
    struct Readiness: Sendable {
        var status: Int
        var job: Job
    }

    @Test("under glint serve, a runner killed with SIGSEGV mid-edit: /health/ready answers 200 at every step of the crash and the retry, the job completes")
    func serveSurvivesRunnerCrash() async throws {
        let setup = try Setup(["--port", "0", "--json"], command: "serve")
        defer { setup.directory.remove() }
        let ready = try await setup.serverURL().appendingPathComponent("health/ready")
        let id = try setup.submitEdit()
        try await setup.withStore { store in
            let killed = try await Self.actOnRunnerOfEdit(id, setup, in: store) { runner, _ in kill(runner, SIGSEGV) }
            #expect(killed == 0, "the runner was not killed mid-edit")
            // Asked at each change the store reports (the crash recorded, the retry claimed, its
            // progress, its completion) until the job is finished.
            let answers = try await Waiting.within(.seconds(180), "job \(id) to finish") {
                var answers: [Readiness] = []
                while answers.last?.job.state.isFinished != true {
                    let mark = store.jobChangeMark()
                    let job = try #require(try await store.job(id, tenant: nil), "job \(id) vanished")
                    let (_, response) = try await URLSession.shared.data(from: ready)
                    answers.append(Readiness(status: (response as? HTTPURLResponse)?.statusCode ?? 0, job: job))
                    if !job.state.isFinished { await store.waitForJobChange(since: mark, timeout: .seconds(180)) }
                    try Task.checkCancellation()
                }
                return answers
            }
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.map { "\($0.job.state) \($0.job.attempt): \($0.status)" })")
            #expect(answers.contains { !$0.job.errors.isEmpty && !$0.job.state.isFinished }, "/health/ready was asked while the crash was handled")
            let job = try #require(answers.last?.job)
            #expect(job.state == .completed, "\(job.errors)")
            #expect(job.errors.map(\.code) == ["runner-crashed"])
        }
        #expect(await setup.worker.stop() == 0, "\(setup.worker.logText.suffix(2000))")
    }

    @Test("a 1 s deadline on the pair's edit: the runner is killed, time-limit, discarded after the second")
    func deadline() async throws {
        let setup = try Setup(["--deadline", "livephoto.edit=1"])
        defer { setup.directory.remove() }
        let id = try setup.submitEdit()
        try await setup.withStore { store in
            let job = try await Self.waitFor(id, in: store) { $0.state.isFinished }
            #expect(job.state == .discarded)
            #expect(job.errors.map(\.code) == ["time-limit", "time-limit"])
            #expect(job.errors.first?.message == "the job ran past its time limit of 1 s and its runner was stopped")
        }
        #expect(setup.runners.isEmpty)
        #expect(await setup.worker.stop() == 0)
    }

    @Test("a 400 MiB memory limit on the 12 MP pair's edit: memory-limit")
    func memoryLimit() async throws {
        let setup = try Setup(["--memory-limit-mb", "400"])
        defer { setup.directory.remove() }
        let id = try setup.submitEdit(maxAttempts: 1)
        try await setup.withStore { store in
            let job = try await Self.waitFor(id, in: store) { $0.state.isFinished }
            #expect(job.state == .discarded)
            #expect(job.errors.map(\.code) == ["memory-limit"], "\(job.errors)")
            #expect(job.errors.first?.message.hasPrefix("the job's runner failed at its memory limit of 400 MiB") == true)
        }
        #expect(await setup.worker.stop() == 0)
    }

    @Test("cancelling a running edit kills its runner (and its sandbox); the job ends cancelled with no outputs, no runner is left over")
    func cancel() async throws {
        let setup = try Setup([])
        defer { setup.directory.remove() }
        let id = try setup.submitEdit()
        try await setup.withStore { store in
            let data = setup.data.path
            let (runner, sandbox, cancel) = try await Self.actOnRunnerOfEdit(id, setup, in: store) { runner, sandbox in
                (runner, sandbox, try GlintProcess.run(["jobs", "cancel", "\(id)", "--data-dir", data]))
            }
            try #require(cancel.status == 0, "the job was not cancelled while its runner ran: \(cancel.summary)")
            // The worker learns of it at the edit's next progress report or its next heartbeat (a
            // second), then kills the runner (how soon: make bench-latency). Left alone, the runner
            // would finish the edit, then wait a minute for a next job: past this bound.
            try await Waiting.exit(of: [runner] + sandbox, within: .seconds(30))
            #expect(setup.runners.isEmpty)
            let job = try await Self.waitFor(id, in: store) { $0.state.isFinished }
            #expect(job.state == .cancelled)
            #expect(job.outputs.isEmpty, "\(job.outputs)")
        }
        #expect(await setup.worker.stop() == 0)
        #expect(setup.runners.isEmpty)
    }

    @Test("a worker killed with SIGKILL mid-edit leaves no runner behind")
    func workerKilled() async throws {
        let setup = try Setup([])
        defer { setup.directory.remove() }
        let id = try setup.submitEdit()
        try await setup.withStore { store in
            let worker = setup.worker.process.processIdentifier
            let (runner, sandbox) = try await Self.actOnRunnerOfEdit(id, setup, in: store) { runner, sandbox in
                kill(worker, SIGKILL)
                return (runner, sandbox)
            }
            setup.worker.killHard()  // waits for its end
            // The runner ends when its worker's end closes its standard input, mid-edit (how soon:
            // make bench-latency); bubblewrap with it.
            try await Waiting.exit(of: [runner] + sandbox, within: .seconds(60))
        }
        // Its edit was cut short: a finished one leaves both outputs (still, movie) in the runner's
        // folder, which no worker took away.
        let written = TemporaryDirectory.contents(of: setup.data.appendingPathComponent("work")).filter { $0.contains("/job/outputs/") }
        #expect(written.count < 2, "the runner finished its edit after its worker was gone: \(written)")
    }
}
