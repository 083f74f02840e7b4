import Foundation
import Metrics

/// The worker's swift-metrics: jobs by final state of the attempt, run time and queue latency
/// by kind, and the jobs running now.
///
/// - `glint_jobs_total{kind, state}`: counter; state is completed, retryable, discarded or cancelled.
/// - `glint_job_run_seconds{kind}`: timer, from claim to the attempt's end.
/// - `glint_job_queue_latency_seconds{kind}`: timer, from when the job could run
///   (`scheduledAt`) to when this attempt started.
/// - `glint_jobs_running{worker}`: gauge.
struct JobMetrics: Sendable {
    let worker: String

    func finished(_ kind: JobKind, _ state: JobState) {
        Counter(label: "glint_jobs_total", dimensions: [("kind", kind.rawValue), ("state", state.rawValue)]).increment()
    }

    func ran(_ kind: JobKind, for duration: Duration) {
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        Metrics.Timer(label: "glint_job_run_seconds", dimensions: [("kind", kind.rawValue)], preferredDisplayUnit: .seconds)
            .recordNanoseconds(nanoseconds)
    }

    func started(_ job: Job) {
        guard let attemptedAt = job.attemptedAt else { return }
        let latency = max(attemptedAt.timeIntervalSince(job.scheduledAt), 0)
        Metrics.Timer(label: "glint_job_queue_latency_seconds", dimensions: [("kind", job.kind.rawValue)], preferredDisplayUnit: .seconds)
            .recordSeconds(latency)
    }

    func running(_ count: Int) {
        Gauge(label: "glint_jobs_running", dimensions: [("worker", worker)]).record(count)
    }
}
