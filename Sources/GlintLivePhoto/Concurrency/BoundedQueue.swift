import Foundation

/// A first-in, first-out hand-off between two threads that holds at most ``capacity``
/// elements: ``put(_:)`` waits while the queue is full and ``take()`` while it is empty, so a
/// fast producer never runs more than ``capacity`` elements ahead of its consumer and memory
/// stays flat.
///
/// Ownership passes with an element: the thread that puts an element keeps no reference to it,
/// so elements need not be `Sendable` (decoded frames, frame buffers). That rule is what makes
/// the queue `@unchecked Sendable`; all of its own state is guarded by one condition lock.
///
/// The producer calls ``finish()`` after its last element. Either side calls ``cancel()`` to
/// stop both: waiting calls return at once and the elements still held are dropped.
final class BoundedQueue<Element>: @unchecked Sendable {
    /// The most elements held.
    let capacity: Int
    private let condition = NSCondition()
    private var ring: [Element?]
    private var head = 0
    private var count = 0
    private var finished = false
    private var cancelled = false

    /// Creates an empty queue holding at most `capacity` (at least 1) elements.
    init(capacity: Int) {
        precondition(capacity > 0, "a bounded queue needs room for at least one element")
        self.capacity = capacity
        ring = Array(repeating: nil, count: capacity)
    }

    /// Appends `element`, waiting for room.
    /// - Returns: `false` when the queue was cancelled (the element is dropped): stop producing.
    @discardableResult
    func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count == capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        precondition(!finished, "put(_:) after finish()")
        ring[(head + count) % capacity] = element
        count += 1
        condition.broadcast()
        return true
    }

    /// Appends `element` if there is room, without waiting.
    /// - Returns: Whether it was added.
    @discardableResult
    func offer(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard count < capacity, !cancelled, !finished else { return false }
        ring[(head + count) % capacity] = element
        count += 1
        condition.broadcast()
        return true
    }

    /// Removes the first element, waiting for one.
    /// - Returns: `nil` once the producer has finished and every element was taken, or when the
    ///   queue was cancelled.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !finished && !cancelled { condition.wait() }
        guard !cancelled, count > 0 else { return nil }
        return removeFirst()
    }

    /// Removes the first element if there is one, without waiting.
    func poll() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        guard !cancelled, count > 0 else { return nil }
        return removeFirst()
    }

    /// The producer puts no more elements; ``take()`` returns `nil` once the rest are taken.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops both sides: waiting and later calls return at once, held elements are dropped.
    func cancel() {
        condition.lock()
        cancelled = true
        ring = Array(repeating: nil, count: capacity)
        count = 0
        condition.broadcast()
        condition.unlock()
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Takes the element at the head; the lock is held.
    private func removeFirst() -> Element? {
        let element = ring[head]
        ring[head] = nil
        head = (head + 1) % capacity
        count -= 1
        condition.broadcast()
        return element
    }
}
