import Foundation
import GlintClient
import GlintCore
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// ``JobsBackend/wait(for:timeout:pollInterval:clock:progress:)`` on a manual clock the test
/// moves: it asks again every poll interval, tells each unfinished state, returns the finished job,
/// and gives up at its timeout on the clock.
@Suite("Jobs backend: waiting for a job", .suiteTimeLimit)
struct JobsBackendWaitTests {
    /// A backend whose job goes through `states`, one per ask (the last one stays).
    final class ScriptedBackend: JobsBackend {
        let states: [JobState]
        let asked = Mutex(0)

        init(states: [JobState]) { self.states = states }

        func job(_ id: JobID) async throws -> JobDocument {
            let index = asked.withLock { count in
                defer { count += 1 }
                return min(count, states.count - 1)
            }
            return JobDocument(
                Job(
                    id: id, kind: "queue.noop", queue: "default", tenant: "acme", priority: 0, parameters: Data("{}".utf8), inputs: [:],
                    state: states[index], maxAttempts: 1, errors: [], scheduledAt: Date(timeIntervalSince1970: 1_800_000_000),
                    createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
        }

        func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobDocument) { throw JobQueueError(.invalidState, "not scripted") }
        func jobs(matching filter: JobFilter) async throws -> JobsListing { throw JobQueueError(.invalidState, "not scripted") }
        func cancel(_ id: JobID) async throws -> JobDocument { throw JobQueueError(.invalidState, "not scripted") }
        func retry(_ id: JobID) async throws -> JobDocument { throw JobQueueError(.invalidState, "not scripted") }
        func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64) {
            throw JobQueueError(.invalidState, "not scripted")
        }
    }

    static let id = JobID("6f9619ff-8b86-d011-b42d-00c04fc964ff")!

    @Test("asks again after each poll interval on the clock, tells each unfinished state, returns the finished job")
    func followsUntilFinished() async throws {
        let backend = ScriptedBackend(states: [.available, .running, .running, .completed])
        let clock = ManualWallClock()
        let start = clock.now()
        let seen = Mutex<[String]>([])
        let waiting = Task {
            try await backend.wait(for: Self.id, pollInterval: .seconds(2), clock: clock) { job in seen.withLock { $0.append(job.state) } }
        }
        for asked in 1...3 {
            // Asked, found unfinished, and sleeping for the interval: nothing more until the clock moves.
            try await Waiting.within(.seconds(60), "poll \(asked) to sleep") { await clock.sleepers(1, within: .seconds(2)) }
            #expect(backend.asked.withLock { $0 } == asked)
            clock.advance(by: .seconds(2))
        }
        let finished = try await Waiting.within(.seconds(60), "the wait to return") { try await waiting.value }
        #expect(finished.state == "completed")
        #expect(seen.withLock { $0 } == ["available", "running", "running"])
        #expect(backend.asked.withLock { $0 } == 4)
        #expect(clock.now() == start.addingTimeInterval(6))
    }

    @Test("gives up once its timeout has passed on the clock, asking one last time at the deadline")
    func timesOut() async throws {
        let backend = ScriptedBackend(states: [.running])
        let clock = ManualWallClock()
        let waiting = Task { try await backend.wait(for: Self.id, timeout: .milliseconds(2500), pollInterval: .seconds(1), clock: clock) }
        // Asks at 0, 1 and 2 s, then sleeps the half second left and asks at the deadline.
        for step in [Duration.seconds(1), .seconds(1), .milliseconds(500)] {
            try await Waiting.within(.seconds(60), "the wait to sleep") { await clock.sleepers(1, within: step) }
            clock.advance(by: step)
        }
        let error = try await #require(throws: JobQueueError.self) {
            try await Waiting.within(.seconds(60), "the wait to give up") { try await waiting.value }
        }
        #expect(error.code == .conflict, "\(error)")
        #expect(error.description.contains("still running after 2.5 s"), "\(error)")
        #expect(backend.asked.withLock { $0 } == 4)
    }
}
