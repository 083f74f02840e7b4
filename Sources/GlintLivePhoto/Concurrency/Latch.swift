import Foundation

/// A one-way gate between threads: closed at first, opened once, after which ``wait()`` returns
/// at once. Opening it again does nothing.
final class Latch: Sendable {
    // The lock guards the flag; NSCondition is thread-safe.
    private let condition = NSCondition()
    nonisolated(unsafe) private var isOpen = false

    /// Creates a closed latch.
    init() {}

    /// Opens the latch, releasing every waiting thread.
    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the latch is open, without waiting.
    var isOpenWithoutWaiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isOpen
    }

    /// Waits until the latch is open.
    func wait() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }
}
