import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// The acceptance crash test: 200 jobs in flight across two `glint worker` processes, one of
/// them killed with SIGKILL at random moments (20 rounds, restarted each time). Every job must end
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
            var submissions: [JobSubmission] = []
            for index in 0..<Self.jobCount {
                let sleep = Int.random(in: 200...1000, using: &random)
                let parameters = #"{"sleepMilliseconds": \#(sleep), "output": "crash job \#(index) of \#(queue)"}"#
                submissions.append(JobSubmission(kind: .queueNoop, parameters: Data(parameters.utf8), queue: queue, maxAttempts: 100))
            }
            let submitted = try await jobs.submit(submissions).map(\.job.id)

            var logs: [URL] = []
            func start(_ label: String) throws -> WorkerProcess {
                let log = directory.file("worker-\(label)-\(logs.count).log")
                logs.append(log)
                return try WorkerProcess(arguments, log: log)
            }
            var workers = [try start("a"), try start("b")]
            for _ in 0..<Self.rounds {
                try await Task.sleep(for: .milliseconds(Int.random(in: 300...1000, using: &random)))
                let victim = Int.random(in: 0...1, using: &random)
                workers[victim].killHard()
                workers[victim] = try start(victim == 0 ? "a" : "b")
            }
            let unfinishedAtLastKill = try await jobs.jobs(matching: JobFilter(queue: queue, limit: 1000)).jobs.filter { !$0.state.isFinished }.count

            // Every job finishes (a guard of a few minutes against a hang; no timing is asserted).
            let deadline = ContinuousClock.now + .seconds(240)
            var finished: [Job] = []
            while ContinuousClock.now < deadline {
                finished = try await jobs.jobs(matching: JobFilter(queue: queue, limit: 1000)).jobs
                if finished.count == Self.jobCount, finished.allSatisfy(\.state.isFinished) { break }
                try await Task.sleep(for: .milliseconds(250))
            }
            for worker in workers {
                let status = await worker.stop()
                #expect(status == 0, "a worker did not shut down cleanly (status \(String(describing: status))): \(worker.logText.suffix(2000))")
            }

            // None lost, every one completed.
            #expect(Set(finished.map(\.id)) == Set(submitted))
            let notCompleted = finished.filter { $0.state != .completed }
            #expect(
                notCompleted.isEmpty,
                "\(notCompleted.count) jobs not completed, e.g. \(notCompleted.prefix(3).map { "\($0.id) \($0.state) attempt \($0.attempt) \($0.errors)" })")
            // The only failures are the rescues of the killed worker's leases.
            let otherErrors = finished.flatMap(\.errors).filter { $0.code != "lease-expired" }
            #expect(otherErrors.isEmpty, "unexpected errors: \(otherErrors.prefix(5))")

            // Each job's one output holds its own text.
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
            #expect(outputBlobs.count == Self.jobCount)

            // One blob file per distinct output, nothing else stored.
            let stored = Set(
                TemporaryDirectory.contents(of: data.appendingPathComponent("blobs"))
                    .filter { !$0.hasPrefix("tmp") }
                    .compactMap { BlobID(URL(fileURLWithPath: $0).lastPathComponent) })
            #expect(stored == outputBlobs, "blob files: \(stored.count), distinct outputs: \(outputBlobs.count)")

            // Completed once: no job's completion was recorded by two workers.
            var completions: [String: Int] = [:]
            for log in logs {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n") where line.contains("job completed") {
                    if let range = line.range(of: #"job=[0-9a-f-]{36}"#, options: .regularExpression) {
                        completions[String(line[range].dropFirst(4)), default: 0] += 1
                    }
                }
            }
            let twice = completions.filter { $0.value > 1 }
            #expect(twice.isEmpty, "jobs completed more than once: \(twice)")
            #expect(completions.count > Self.jobCount / 2, "the workers' logs show \(completions.count) completions: is logging at info working?")
            let rescued = finished.filter { $0.errors.contains { $0.code == "lease-expired" } }.count
            print(
                "crash test: \(Self.rounds) kills, \(rescued) jobs rescued after a lost lease, \(logs.count) worker processes, "
                    + "\(unfinishedAtLastKill) jobs unfinished at the last kill")
        }
    }
}
