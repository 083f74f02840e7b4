// SQLiteQueueBench: enqueue and drain no-op jobs through SQLiteJobStore, printing jobs/s.
//
//   SQLiteQueueBench [--jobs 100000] [--batch 100] [--workers 2] [--tenants 1] [--path FILE]
//
// Enqueue: submissions in transactions of 1,000. Drain: `--workers` tasks, each claiming
// `--batch` jobs at a time and completing them in one batch, until the queue is empty. Run on a
// fresh temporary file unless `--path` names one (it is removed first).
import Foundation
import GlintQueue

#if canImport(Glibc)
    import Glibc
#endif

struct Options {
    var jobs = 100_000
    var batch = 100
    var workers = 2
    var tenants = 1
    var path: String?

    init(_ arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { throw BenchError("\(argument) needs a value") }
            switch argument {
            case "--jobs": jobs = try Self.number(argument, value)
            case "--batch": batch = try Self.number(argument, value)
            case "--workers": workers = try Self.number(argument, value)
            case "--tenants": tenants = try Self.number(argument, value)
            case "--path": path = value
            default: throw BenchError("unknown option \(argument)")
            }
        }
    }

    static func number(_ name: String, _ text: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw BenchError("\(name) needs a positive number, got \(text)") }
        return value
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// CPU time (user + system) this process has used so far, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func run() async throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glint-queue-bench-\(UUID().uuidString)")
    let path = options.path ?? directory.appendingPathComponent("queue.sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteJobStore(path: path)

    let clock = ContinuousClock()
    let enqueueStart = clock.now
    let enqueueCPU = cpuSeconds()
    var submitted = 0
    while submitted < options.jobs {
        let size = min(1000, options.jobs - submitted)
        let submissions = (0..<size).map { index in
            JobSubmission(kind: "bench.noop", tenant: "tenant-\((submitted + index) % options.tenants)")
        }
        _ = try await store.submit(submissions)
        submitted += size
    }
    let enqueueSeconds = seconds(enqueueStart.duration(to: clock.now))
    let enqueueCPUSeconds = cpuSeconds() - enqueueCPU

    let drainStart = clock.now
    let drainCPU = cpuSeconds()
    let drained = try await withThrowingTaskGroup(of: Int.self) { group in
        for worker in 0..<options.workers {
            group.addTask {
                let name = "bench-worker-\(worker)"
                var done = 0
                while true {
                    let jobs = try await store.claim(ClaimRequest(worker: name, limit: options.batch))
                    if jobs.isEmpty { return done }
                    let results = try await store.complete(jobs.map { JobCompletion(id: $0.id, worker: name, outputs: [:]) })
                    done += results.values.filter { $0 }.count
                }
            }
        }
        var total = 0
        for try await count in group { total += count }
        return total
    }
    let drainSeconds = seconds(drainStart.duration(to: clock.now))
    let drainCPUSeconds = cpuSeconds() - drainCPU
    let counts = try await store.countsByState(tenant: nil)
    try await store.close()

    guard drained == options.jobs, counts == [.completed: options.jobs] else {
        throw BenchError("drained \(drained) of \(options.jobs) jobs; counts \(counts)")
    }
    print("SQLiteJobStore: \(options.jobs) no-op jobs, \(options.tenants) tenant(s), \(options.workers) worker(s), claim batch \(options.batch)")
    print(
        String(
            format: "enqueue: %.0f jobs/s (%.2f s, transactions of 1000; %.0f jobs per CPU second)",
            Double(options.jobs) / enqueueSeconds, enqueueSeconds, Double(options.jobs) / enqueueCPUSeconds))
    print(
        String(
            format: "drain:   %.0f jobs/s (%.2f s, claim %d + batch complete; %.0f jobs per CPU second)",
            Double(options.jobs) / drainSeconds, drainSeconds, options.batch, Double(options.jobs) / drainCPUSeconds))
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("SQLiteQueueBench: \(error)\n".utf8))
    exit(1)
}
