import Foundation

/// One blocking stage of a pipeline (decoding frames, editing them, editing the still) running
/// on a thread of its own, which the code that started it joins: structured concurrency for
/// work that blocks in C libraries and so does not belong on Swift's cooperative pool (two
/// threads on a two-core machine).
///
/// Whatever the body captures is handed over to the new thread (`sending`): the starter keeps
/// no access to it. ``join()`` waits for the body and returns its value or rethrows its error;
/// every stage must be joined before its starter returns, on success and on failure alike.
final class StageThread<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// The body's outcome; written once by the stage's thread, under the lock.
    private var outcome: Result<Value, any Error>?

    /// Starts `body` on a new thread named `name`.
    init(name: String, _ body: sending @escaping () throws -> Value) {
        // The body (and what it captures, such as a decoder) is released as soon as it returns,
        // not when the thread object goes away.
        nonisolated(unsafe) var body: (() throws -> Value)? = body
        let thread = Thread { [self] in
            let run = body.take()!
            let result = Result { try run() }
            condition.lock()
            outcome = result
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        // Decoders and encoders use their own threads; stages themselves need little stack.
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Waits for the body to end.
    /// - Returns: What the body returned.
    /// - Throws: What the body threw.
    func join() throws -> Value {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return try outcome!.get()
    }
}
