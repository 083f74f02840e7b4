import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// The acceptance crash test: 200 jobs in flight across two `glint worker` processes, one of
/// them killed with SIGKILL at random moments (20 rounds, restarted each time; a moment is the
/// k-th job completion since the last kill, k drawn by a seeded generator). Every job must end
/// completed exactly once: none lost, each output recorded once, one blob file per distinct output.
///
/// Runs on SQLite always, and on PostgreSQL when `GLINT_TEST_POSTGRES_URL` names a server (under
/// `CI=true` without it, the PostgreSQL case fails, saying so).
@Suite("glint worker: kill -9 crash test", .serialized, .suiteTimeLimit)
struct WorkerCrashTests {
    /// The PostgreSQL case's location under `CI=true` when `GLINT_TEST_POSTGRES_URL` is not set.
    static let postgresMissing = "postgres (GLINT_TEST_POSTGRES_URL is not set)"

    static var locations: [String] {
        var locations = ["sqlite"]
        if let url = TestPostgres.url {
            locations.append(url)
        } else if CI.requiresEverything {
            locations.append(postgresMissing)
        }
        return locations
    }

    static let jobCount = 200
    static let rounds = 20

    /// The jobs of `queue`, read again after each change the store reports (a commit of any
    /// process), until `condition` holds; for `bound` at most (a guard against a hang).
    static func jobs(
        of queue: String, in store: any JobStore, within bound: Duration, _ what: String, until condition: @escaping @Sendable ([Job]) -> Bool
    ) async throws -> [Job] {
        try await Waiting.within(bound, what) {
            while true {
                // The mark is taken before the read: a change between the read and the wait ends the wait at once.
                let mark = store.jobChangeMark()
                let jobs = try await store.jobs(matching: JobFilter(queue: queue, limit: 1000)).jobs
                if condition(jobs) { return jobs }
                try Task.checkCancellation()
                await store.waitForJobChange(since: mark, timeout: bound)
            }
        }
    }

    /// The jobs, each sleeping a time the seeded generator draws (200 ms to a second), then writing
    /// a text of its own.
    static func submissions(to queue: String, random: inout SeededRandomGenerator) -> [JobSubmission] {
        (0..<jobCount).map { index in
            let sleep = Int.random(in: 200...1000, using: &random)
            let parameters = #"{"sleepMilliseconds": \#(sleep), "output": "crash job \#(index) of \#(queue)"}"#
            return JobSubmission(kind: .queueNoop, parameters: Data(parameters.utf8), queue: queue, maxAttempts: 100)
        }
    }

    /// The jobs of `queue` once every one finished (a guard of a few minutes against a hang; no
    /// timing is asserted), or as they are when the guard gave up (an issue recorded).
    static func finished(_ queue: String, in store: any JobStore) async throws -> [Job] {
        do {
            return try await jobs(of: queue, in: store, within: .seconds(240), "every job to finish") {
                $0.count == jobCount && $0.allSatisfy(\.state.isFinished)
            }
        } catch let timedOut as Waiting.TimedOut {
            Issue.record("\(timedOut)")
            return try await store.jobs(matching: JobFilter(queue: queue, limit: 1000)).jobs
        }
    }

    /// The kill rounds: each time, once the k-th job completed (by either worker) since the last
    /// kill, k drawn by the seeded generator, one worker (drawn too) is killed with SIGKILL and
    /// started again. A worker killed then is mid-job (its other slots are busy), just started,
    /// or not yet listening for jobs. Returns how many jobs had completed at the last kill.
    static func killRounds(
        of queue: String, in store: any JobStore, _ running: inout [WorkerProcess], random: inout SeededRandomGenerator,
        restart: (Int) throws -> WorkerProcess
    ) async throws -> Int {
        var completedAtLastKill = 0
        for round in 0..<rounds {
            let target = min(completedAtLastKill + Int.random(in: 1...8, using: &random), jobCount)
            let seen = try await jobs(of: queue, in: store, within: .seconds(120), "\(target) jobs completed (round \(round + 1))") {
                $0.count(where: { $0.state == .completed }) >= target
            }
            completedAtLastKill = seen.count(where: { $0.state == .completed })
            let victim = Int.random(in: 0...1, using: &random)
            running[victim].killHard()
            running[victim] = try restart(victim)
        }
        return completedAtLastKill
    }

    /// None of the jobs lost, every one completed, the only failures the rescues of the killed
    /// workers' leases; each job's one output holds its own text; one blob file per distinct
    /// output, nothing else stored.
    static func expectCompleted(_ finished: [Job], submitted: [JobID], data: URL, queue: String) throws {
        // None lost, every one completed.
        #expect(Set(finished.map(\.id)) == Set(submitted))
        let notCompleted = finished.filter { $0.state != .completed }
        #expect(
            notCompleted.isEmpty,
            "\(notCompleted.count) jobs not completed, e.g. \(notCompleted.prefix(3).map { "\($0.id) \($0.state) attempt \($0.attempt) \($0.errors)" })")
        // The only failures are the rescues of the killed worker's leases.
        let otherErrors = finished.flatMap(\.errors).filter { $0.code != "lease-expired" }
        #expect(otherErrors.isEmpty, "unexpected errors: \(otherErrors.prefix(5))")
        let blobs = try FileBlobStore(directory: data.appendingPathComponent("blobs"))
        var outputBlobs = Set<BlobID>()
        for job in finished where job.state == .completed {
            let index = submitted.firstIndex(of: job.id)!
            #expect(Array(job.outputs.keys) == ["output"])
            guard let blob = job.outputs["output"] else { continue }
            outputBlobs.insert(blob)
            let text = try String(contentsOf: blobs.url(for: blob), encoding: .utf8)
            #expect(text == "crash job \(index) of \(queue)")
        }
        #expect(outputBlobs.count == jobCount)
        let stored = Set(
            TemporaryDirectory.contents(of: data.appendingPathComponent("blobs"))
                .filter { !$0.hasPrefix("tmp") }
                .compactMap { BlobID(URL(fileURLWithPath: $0).lastPathComponent) })
        #expect(stored == outputBlobs, "blob files: \(stored.count), distinct outputs: \(outputBlobs.count)")
    }

    /// How many times each job's completion was logged (`job completed job=<id>`), over every
    /// worker's whole output.
    static func completions(in workers: [WorkerProcess]) -> [String: Int] {
        var completions: [String: Int] = [:]
        for worker in workers {
            for line in worker.output.lines where line.contains("job completed") {
                if let range = line.range(of: #"job=[0-9a-f-]{36}"#, options: .regularExpression) {
                    completions[String(line[range].dropFirst(4)), default: 0] += 1
                }
            }
        }
        return completions
    }

    @Test(
        "200 jobs across 2 workers, one killed 20 times: every job completed exactly once, no duplicate outputs",
        arguments: WorkerCrashTests.locations)
    func killedWorkers(location name: String) async throws {
        guard name != Self.postgresMissing else {
            Issue.record("\(TestPostgres.notSet); CI=true runs the crash test on PostgreSQL too")
            return
        }
        let seed = UInt64(ProcessInfo.processInfo.environment["GLINT_CRASH_SEED"] ?? "") ?? UInt64.random(in: 1...1_000_000)
        print("crash test on \(name == "sqlite" ? "sqlite" : "postgres"): seed \(seed) (GLINT_CRASH_SEED to repeat)")
        var random = SeededRandomGenerator(seed: seed)
        let directory = try TemporaryDirectory("glint-crash")
        defer { directory.remove() }
        let data = try directory.subdirectory("data")
        let store = name == "sqlite" ? "sqlite:\(data.path)/queue.sqlite" : name
        let location = try JobStoreLocation(parsing: store)
        // A queue of its own, so that a shared PostgreSQL database holds other runs' jobs apart.
        let queue = "crash-\(UUID().uuidString.prefix(8).lowercased())"
        let arguments = [
            "--store", store, "--data-dir", data.path, "--queue", queue, "--concurrency", "4",
            "--lease-seconds", "2", "--grace-seconds", "2", "--enable-test-kinds",
        ]

        try await withJobStore(location) { jobs in
            let submitted = try await jobs.submit(Self.submissions(to: queue, random: &random)).map(\.job.id)

            var workers: [WorkerProcess] = []
            func start(_ slot: Int) throws -> WorkerProcess {
                workers.append(try WorkerProcess(arguments, log: directory.file("worker-\(slot == 0 ? "a" : "b")-\(workers.count).log")))
                return workers[workers.count - 1]
            }
            var running = [try start(0), try start(1)]
            let completedAtLastKill = try await Self.killRounds(of: queue, in: jobs, &running, random: &random, restart: start)
            let unfinishedAtLastKill = Self.jobCount - completedAtLastKill

            let finished = try await Self.finished(queue, in: jobs)
            for worker in running {
                let status = await worker.stop()
                #expect(status == 0, "a worker did not shut down cleanly (status \(String(describing: status))): \(worker.logText.suffix(2000))")
            }
            // Every line the killed workers printed, read to the end.
            for worker in workers { try await worker.awaitOutputEnd() }

            try Self.expectCompleted(finished, submitted: submitted, data: data, queue: queue)

            // Completed once: no job's completion was recorded by two workers.
            let completions = Self.completions(in: workers)
            let twice = completions.filter { $0.value > 1 }
            #expect(twice.isEmpty, "jobs completed more than once: \(twice)")
            #expect(completions.count > Self.jobCount / 2, "the workers' logs show \(completions.count) completions: is logging at info working?")
            let rescued = finished.filter { $0.errors.contains { $0.code == "lease-expired" } }.count
            print(
                "crash test: \(Self.rounds) kills, \(rescued) jobs rescued after a lost lease, \(workers.count) worker processes, "
                    + "\(unfinishedAtLastKill) jobs unfinished at the last kill")
        }
    }
}
