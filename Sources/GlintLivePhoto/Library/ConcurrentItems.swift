import Dispatch
import Foundation

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
        guard !items.isEmpty else { return [] }
        let slots = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, items.count))) { _ in
            while let index = slots.claim() {
                let result = transform(items[index])
                slots.store(result, at: index, progress: progress)
            }
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
