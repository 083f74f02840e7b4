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

    /// Polls the job until `condition` holds (3 minutes at most: a guard against hangs).
    static func waitFor(_ id: JobID, in store: any JobStore, _ condition: (Job) -> Bool) async throws -> Job {
        let deadline = ContinuousClock.now + .seconds(180)
        while true {
            // The mark comes first: a change (by the worker's process) after the read ends the wait at once.
            let mark = store.jobChangeMark()
            let job = try #require(try await store.job(id, tenant: nil))
            if condition(job) || ContinuousClock.now > deadline { return job }
            await store.waitForJobChange(since: mark, timeout: .seconds(5))
        }
    }

    /// Watches, on a thread started at once, for the worker's runner; once it has lowered its
    /// priority to `SCHED_IDLE` (its first step: a loaded machine may take a while to get there)
    /// and run for a moment after (mid-edit: an edit of the pair takes seconds), does `action` to it.
    static func watchRunner<T: Sendable>(
        _ setup: Setup, _ action: @escaping @Sendable (pid_t) -> T
    ) -> RunnerProcesses.Watcher<T?> {
        let parent = setup.worker.process.processIdentifier
        return RunnerProcesses.Watcher { () -> T? in
            guard let runner = RunnerProcesses.waitForRunner(of: parent, timeout: 120) else { return nil }
            let deadline = Date().addingTimeInterval(60)
            while let policy = schedulingPolicy(of: runner), policy != 5, Date() < deadline { usleep(5000) }
            usleep(300_000)
            return action(runner)
        }
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
        let killed = Self.watchRunner(setup) { runner in (policy: Self.schedulingPolicy(of: runner), killed: kill(runner, signal)) }
        try await setup.withStore { store in
            let watched = await killed.value
            #expect(watched?.killed == 0, "the runner was not killed mid-edit")
            #expect(watched?.policy == 5, "an edit's runner runs at SCHED_IDLE (5): \(String(describing: watched?.policy))")
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

    @Test("under glint serve, a runner killed with SIGSEGV mid-edit: /health/ready keeps answering 200, the job is retried and completes")
    func serveSurvivesRunnerCrash() async throws {
        let setup = try Setup(["--port", "0", "--json"], command: "serve")
        defer { setup.directory.remove() }
        let ready = try await setup.serverURL().appendingPathComponent("health/ready")
        let id = try setup.submitEdit()
        let killed = Self.watchRunner(setup) { kill($0, SIGSEGV) }
        try await setup.withStore { store in
            #expect(await killed.value == 0, "the runner was not killed mid-edit")
            var statuses: [Int] = []
            let until = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < until {
                let (_, response) = try await URLSession.shared.data(from: ready)
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(statuses.count >= 10 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
            let job = try await Self.waitFor(id, in: store) { $0.state.isFinished }
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

    @Test("cancelling a running edit kills its runner within the worker's next heartbeat (a second); no runner is left over")
    func cancel() async throws {
        let setup = try Setup([])
        defer { setup.directory.remove() }
        let id = try setup.submitEdit()
        let (executable, data, parent) = (GlintProcess.executable, setup.data.path, setup.worker.process.processIdentifier)
        // `glint jobs cancel` once the runner runs, then the time until it (and bubblewrap, when
        // it runs sandboxed) is gone.
        let elapsed = Self.watchRunner(setup) { runner -> TimeInterval? in
            guard let executable, let cancel = try? ExternalTool.run(executable, ["jobs", "cancel", "\(id)", "--data-dir", data]),
                cancel.status == 0
            else { return nil }
            return RunnerProcesses.waitUntilGone(runner, timeout: 5) + RunnerProcesses.waitUntilNoChild(of: parent, timeout: 5)
        }
        try await setup.withStore { store in
            let waited = try #require(
                await elapsed.value ?? nil, "the job was not cancelled while its runner ran; the worker's log: \(setup.worker.logText.suffix(3000))")
            #expect(setup.runners.isEmpty)
            // The worker learns of the cancellation at the edit's next progress report or its next
            // heartbeat (a second), then kills the runner: on a loaded machine the 12 MP still's
            // stretch without progress reports took 3.6 s, before heartbeats were that frequent.
            #expect(waited < 2.5, "the runner outlived the cancellation by \(waited) s")
            let job = try await Self.waitFor(id, in: store) { $0.state.isFinished }
            #expect(job.state == .cancelled)
        }
        #expect(await setup.worker.stop() == 0)
        #expect(setup.runners.isEmpty)
    }

    @Test("a worker killed with SIGKILL mid-edit leaves no runner behind")
    func workerKilled() async throws {
        let setup = try Setup([])
        defer { setup.directory.remove() }
        _ = try setup.submitEdit()
        let worker = setup.worker.process.processIdentifier
        // Once the runner runs: kill the worker, then the time until the runner is gone.
        let elapsed = Self.watchRunner(setup) { runner -> TimeInterval in
            kill(worker, SIGKILL)
            return RunnerProcesses.waitUntilGone(runner, timeout: 10)
        }
        let waited = try #require(await elapsed.value, "no runner started")
        #expect(waited < 2, "the runner outlived its worker by \(waited) s")
        setup.worker.process.waitUntilExit()
    }
}
