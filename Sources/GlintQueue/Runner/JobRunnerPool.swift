import Foundation
import Synchronization

/// The runners of one worker: a runner that ended a job well is kept, up to
/// ``JobRunnerConfiguration/warmRunners`` of them, for the next job of the same tenant (a runner
/// never serves two tenants: whatever a hostile file did to one stays with its own tenant's jobs),
/// and for jobs at the same scheduling priority (``JobRunnerConfiguration/idlePriorityKinds``).
///
/// A runner is replaced after any failure, after ``JobRunnerConfiguration/jobsPerRunner`` jobs,
/// once its peak address space passed half its limit (so that a job that fails near the limit is
/// known to have got there itself), and once idle for ``JobRunnerConfiguration/idleTimeout`` on
/// the configuration's clock.
final class JobRunnerPool: Sendable {
    let configuration: JobRunnerConfiguration
    private let idle = Mutex<[WarmRunner]>([])

    init(_ configuration: JobRunnerConfiguration) {
        self.configuration = configuration
    }

    /// An idle runner of `tenant` at the priority of `kind`, or a new one with its folder under `runners`.
    func checkout(tenant: String, kind: JobKind, runners: URL) throws -> WarmRunner {
        let now = configuration.clock.now()
        let idlePriority = configuration.idlePriorityKinds.contains(kind)
        let (found, stale) = idle.withLock { idle -> (WarmRunner?, [WarmRunner]) in
            let stale = idle.filter { !$0.isAlive || now.timeIntervalSince($0.lastUsed) > configuration.idleTimeout.seconds }
            idle.removeAll { runner in stale.contains { $0 === runner } }
            guard let index = idle.lastIndex(where: { $0.tenant == tenant && $0.idlePriority == idlePriority }) else { return (nil, stale) }
            return (idle.remove(at: index), stale)
        }
        for runner in stale { runner.retire() }
        return try found ?? WarmRunner.start(configuration, tenant: tenant, kind: kind, runners: runners)
    }

    /// Gives `runner` back after a job: kept when `succeeded` and still fit, else retired.
    func checkin(_ runner: WarmRunner, succeeded: Bool) {
        // No peak: the runner is gone, even if not reaped yet.
        let peak = runner.process.peakVirtualBytes
        let fit =
            succeeded && runner.isAlive && runner.jobs < JobRunnerConfiguration.jobsPerRunner
            && peak.map { $0 < configuration.memoryLimitBytes / 2 } == true
        guard fit, configuration.warmRunners > 0 else { return runner.retire() }
        let evicted = idle.withLock { idle -> WarmRunner? in
            idle.append(runner)
            return idle.count > configuration.warmRunners ? idle.removeFirst() : nil
        }
        evicted?.retire()
    }

    /// Retires every idle runner (the worker stops).
    func shutdown() {
        let runners = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle
        }
        for runner in runners { runner.retire() }
    }
}
