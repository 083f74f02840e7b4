import Dispatch
import Foundation
import GlintCore

/// Works through many items on a fixed number of threads, as a library run does (`--jobs`): each
/// thread takes the next item when it is done with one, so a slow item holds one thread only, and
/// the results come back in the items' order.
public enum ConcurrentItems {
    /// `transform` of every item, `jobs` at a time.
    /// - Parameters:
    ///   - progress: Told the number of items done after each one ends, one call at a time.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, progress: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        map(items, jobs: jobs, groupSize: 1, groupWait: .zero, progress: progress, transform, finish: { $0 })
    }

    /// `transform` of every item, `jobs` at a time, finished in groups: each thread keeps what
    /// `transform` gives for its items until it holds `groupSize` of them or the oldest has waited
    /// `groupWait`, then hands them to `finish` together (and what is left at the end). A library
    /// run uses this to make many finished files durable with one sync rather than one each.
    /// - Parameters:
    ///   - finish: Given a group in the order its items were done; returns one result for each.
    ///   - progress: Told the number of items finished after each group, one call at a time.
    ///   - clock: What `groupWait` goes by.
    public static func map<Item: Sendable, Pending, Result: Sendable>(
        _ items: [Item], jobs: Int, groupSize: Int, groupWait: Duration, progress: (@Sendable (Int) -> Void)? = nil,
        clock: any WallClock = SystemWallClock(),
        _ transform: @Sendable (Item) -> Pending, finish: @Sendable ([Pending]) -> [Result]
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let slots = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, items.count))) { _ in
            var group: [(index: Int, pending: Pending)] = []
            var oldest = clock.now()
            func finishGroup() {
                let results = finish(group.map(\.pending))
                precondition(results.count == group.count, "finish gives one result per item")
                for (entry, result) in zip(group, results) { slots.store(result, at: entry.index, progress: progress) }
                group.removeAll(keepingCapacity: true)
            }
            while let index = slots.claim() {
                if group.isEmpty { oldest = clock.now() }
                group.append((index, transform(items[index])))
                if group.count >= groupSize || clock.elapsed(since: oldest) >= groupWait { finishGroup() }
            }
            if !group.isEmpty { finishGroup() }
        }
        return slots.results()
    }
}

/// The items handed out and the results handed back, under one lock (so `@unchecked`).
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var slots: [Result?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The next item's index, or nil when every item has been taken.
    func claim() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result, at index: Int, progress: (@Sendable (Int) -> Void)?) {
        lock.withLock {
            slots[index] = result
            done += 1
            progress?(done)
        }
    }

    func results() -> [Result] {
        lock.withLock { slots.map { $0! } }
    }
}
