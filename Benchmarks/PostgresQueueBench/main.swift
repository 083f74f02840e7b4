// The Glint side of Benchmarks/queue-vs-pgqueuer.sh, on PostgresJobStore in schema `glint_bench`:
//
//   PostgresQueueBench enqueue URL JOBS BATCH            submit JOBS no-op jobs in batches of BATCH
//   PostgresQueueBench drain URL WORKERS BATCH           WORKERS concurrent claim loops (claim BATCH,
//                                                        complete the batch in one call) until the queue is dry
//   PostgresQueueBench latency URL WORKERS RATE SECONDS  one producer submitting RATE jobs/s for SECONDS,
//                                                        WORKERS loops waiting on LISTEN/NOTIFY; latency is
//                                                        the job's attemptedAt - createdAt (one clock)
//
// Each prints one JSON object on standard output.
import Foundation
import GlintQueue
import Logging
import Synchronization

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: PostgresQueueBench enqueue|drain|latency URL ...\n".utf8))
    exit(2)
}
let command = arguments[1]
let url = arguments[2]
func argument(_ index: Int) -> Int { Int(arguments[index]) ?? 0 }

var logger = Logger(label: "glint.queue.bench")
logger.logLevel = .warning

func printJSON(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

let clock = ContinuousClock()

switch command {
case "enqueue":
    let (jobs, batch) = (argument(3), argument(4))
    try await PostgresJobStore.withStore(url: url, logger: logger, poolSize: 2, schema: "glint_bench") { store in
        let submissions = (0..<batch).map { _ in JobSubmission(kind: "bench.noop") }
        let started = clock.now
        for first in stride(from: 0, to: jobs, by: batch) {
            _ = try await store.submit(Array(submissions.prefix(min(batch, jobs - first))))
        }
        let seconds = (clock.now - started).timeInterval
        printJSON(["jobs": jobs, "seconds": seconds, "per_second": Double(jobs) / seconds])
    }

case "drain":
    let (workers, batch) = (argument(3), argument(4))
    try await PostgresJobStore.withStore(url: url, logger: logger, poolSize: workers, schema: "glint_bench") { store in
        let started = clock.now
        let drained = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let name = "bench-\(worker)"
                    var done = 0
                    while true {
                        let jobs = try await store.claim(ClaimRequest(worker: name, limit: batch))
                        if jobs.isEmpty { return done }
                        let completed = try await store.complete(jobs.map { JobCompletion(id: $0.id, worker: name, outputs: [:]) })
                        done += completed.values.filter { $0 }.count
                    }
                }
            }
            var total = 0
            for try await done in group { total += done }
            return total
        }
        let seconds = (clock.now - started).timeInterval
        printJSON(["jobs": drained, "seconds": seconds, "per_second": Double(drained) / seconds])
    }

case "latency":
    let (workers, rate, seconds) = (argument(3), argument(4), argument(5))
    let total = rate * seconds
    try await PostgresJobStore.withStore(url: url, logger: logger, poolSize: workers + 1, schema: "glint_bench") { store in
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            let finished = Finished()
            for worker in 0..<workers {
                group.addTask {
                    let name = "bench-\(worker)"
                    var mine: [Double] = []
                    while !finished.value {
                        let jobs = try await store.claim(ClaimRequest(worker: name, limit: 10))
                        if jobs.isEmpty {
                            try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .milliseconds(500))
                            continue
                        }
                        for job in jobs { mine.append(job.attemptedAt!.timeIntervalSince(job.createdAt)) }
                        _ = try await store.complete(jobs.map { JobCompletion(id: $0.id, worker: name, outputs: [:]) })
                    }
                    return mine
                }
            }
            try await Task.sleep(for: .seconds(1))
            let started = clock.now
            for index in 0..<total {
                try await clock.sleep(until: started + .seconds(Double(index) / Double(rate)))
                _ = try await store.submit([JobSubmission(kind: "bench.noop")])
            }
            try await Task.sleep(for: .seconds(2))
            finished.set()
            var all: [Double] = []
            for try await some in group { all += some }
            return all.sorted()
        }
        func percentile(_ q: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(q * Double(latencies.count)))] * 1000
        }
        printJSON(["jobs": total, "started": latencies.count, "p50_ms": percentile(0.5), "p99_ms": percentile(0.99)])
    }

default:
    FileHandle.standardError.write(Data("PostgresQueueBench: unknown command \(command)\n".utf8))
    exit(2)
}

/// Set once the producer is done and the last jobs had time to start.
final class Finished: Sendable {
    private let flag = Mutex(false)
    var value: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
}

extension Duration {
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
