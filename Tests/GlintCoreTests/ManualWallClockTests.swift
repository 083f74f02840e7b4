import Foundation
import GlintCore
import GlintTestSupport
import Synchronization
import Testing

/// The test clock every time-dependent test drives: it moves only when told, wakes exactly the
/// sleepers whose time came, and says when something sleeps on it.
@Suite("ManualWallClock", .suiteTimeLimit)
struct ManualWallClockTests {
    /// The sleepers that woke, by the seconds they slept.
    final class Woken: Sendable {
        let list = Mutex<[Int]>([])
    }

    @Test("advancing wakes the sleepers whose deadline it reaches, in deadline order, and no others")
    func advanceWakesDueSleepers() async throws {
        let clock = ManualWallClock()
        let woken = Woken()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seconds in [3, 1, 2] {
                group.addTask {
                    try await clock.sleep(for: .seconds(seconds))
                    woken.list.withLock { $0.append(seconds) }
                }
            }
            try await Waiting.within(.seconds(60), "three sleepers") { await clock.sleepers(3) }
            clock.advance(by: .seconds(2))
            try await group.next()
            try await group.next()
            #expect(woken.list.withLock { $0 }.sorted() == [1, 2])
            #expect(clock.sleeperCount == 1, "the 3 s sleeper still sleeps")
            clock.advance(by: .seconds(1))
            try await group.waitForAll()
        }
        #expect(woken.list.withLock { $0 }.count == 3)
        #expect(clock.now() == Date(timeIntervalSince1970: 1_800_000_003))
    }

    @Test("a cancelled sleeper ends at once with CancellationError and leaves the clock")
    func cancellation() async throws {
        let clock = ManualWallClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        try await Waiting.within(.seconds(60), "the sleeper") { await clock.sleepers(1) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("sleepers(within:) and sleepers(sleepingFor:) tell one loop's sleep from another's")
    func watchingSleepers() async throws {
        let clock = ManualWallClock()
        let short = Task { try await clock.sleep(for: .milliseconds(50)) }
        let long = Task { try await clock.sleep(for: .seconds(600)) }
        try await Waiting.within(.seconds(60), "both sleepers") {
            await clock.sleepers(1, sleepingFor: .seconds(600))
            await clock.sleepers(1, within: .milliseconds(50))
            await clock.sleepers(2)
        }
        clock.advance(by: .milliseconds(50))
        try await short.value
        #expect(clock.sleeperCount == 1)
        long.cancel()
        _ = try? await long.value
    }

    @Test("a blocking sleep on another thread ends when the clock reaches it; none sleeps for no time")
    func blockingSleep() async throws {
        let clock = ManualWallClock()
        clock.sleepBlocking(for: .zero)
        try await clock.sleep(for: .zero)
        let done = Task { try await OwnThread.run { clock.sleepBlocking(for: .seconds(10)) } }
        try await Waiting.within(.seconds(60), "the blocking sleeper") { await clock.sleepers(1, sleepingFor: .seconds(10)) }
        clock.advance(by: .seconds(10))
        try await Waiting.within(.seconds(60), "the blocking sleep to end") { try await done.value }
    }

    @Test("the system clock sleeps for no time at once, and throws when cancelled first")
    func systemClock() async throws {
        let clock = SystemWallClock()
        try await clock.sleep(for: .zero)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }
}
