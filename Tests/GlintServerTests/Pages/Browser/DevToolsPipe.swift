import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The messages headless Chromium writes on its DevTools answer pipe (JSON, each ended by a NUL
/// byte), read as they come on a thread of its own (blocking reads: nothing polls) and handed to
/// whoever awaits them: a command's answer by its id (``answer(to:)``), an event by its method and
/// session (``event(_:session:)``; events nobody awaits yet are kept until asked for or dropped).
final class DevToolsPipe: Sendable {
    /// One message's routing fields, and the message itself.
    private struct Message {
        var id: Int?
        var method: String?
        var session: String?
        var json: Data
    }

    private struct EventWaiter {
        var method: String
        var session: String?
        var continuation: CheckedContinuation<Data?, Never>
    }

    private struct State {
        var answers: [Int: Data] = [:]
        var events: [Message] = []
        var answerWaiters: [Int: CheckedContinuation<Data?, Never>] = [:]
        var eventWaiters: [Int: EventWaiter] = [:]
        var nextWaiter = 0
        var ended = false

        mutating func takeWaiterID() -> Int {
            nextWaiter += 1
            return nextWaiter
        }
    }

    private let state = Mutex(State())

    /// Starts reading `descriptor` (blocking); it is closed once the browser closes its end.
    init(reading descriptor: Int32) {
        Thread { [self] in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while case let count = buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }), count > 0 || (count < 0 && errno == EINTR) {
                guard count > 0 else { continue }
                pending += buffer[..<count]
                while let end = pending.firstIndex(of: 0) {
                    received(Data(pending[..<end]))
                    pending.removeSubrange(...end)
                }
            }
            close(descriptor)
            ended()
        }
        .start()
    }

    /// The answer to command `id`; nil when the browser closed the pipe first. Bound it with `Waiting.within`.
    func answer(to id: Int) async -> Data? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
                let ready = state.withLock { state -> Data?? in
                    if let answer = state.answers.removeValue(forKey: id) { return .some(answer) }
                    // Checked under the lock the cancellation handler takes: a cancellation is never missed.
                    if state.ended || Task.isCancelled { return .some(nil) }
                    state.answerWaiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { $0.answerWaiters.removeValue(forKey: id) }?.resume(returning: nil)
        }
    }

    /// The first event `method` of `session` (nil: the browser's) not yet taken, kept or still to
    /// come; nil when the browser closed the pipe first. Bound it with `Waiting.within`.
    func event(_ method: String, session: String?) async -> Data? {
        let waiter = state.withLock { $0.takeWaiterID() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
                let ready = state.withLock { state -> Data?? in
                    if let index = state.events.firstIndex(where: { $0.method == method && $0.session == session }) {
                        return .some(state.events.remove(at: index).json)
                    }
                    if state.ended || Task.isCancelled { return .some(nil) }
                    state.eventWaiters[waiter] = EventWaiter(method: method, session: session, continuation: continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { $0.eventWaiters.removeValue(forKey: waiter) }?.continuation.resume(returning: nil)
        }
    }

    /// Forgets the events of `session` kept so far (before an action whose events are awaited next).
    func dropEvents(session: String?) {
        state.withLock { $0.events.removeAll { $0.session == session } }
    }

    private func received(_ json: Data) {
        let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
        let message = Message(id: object["id"] as? Int, method: object["method"] as? String, session: object["sessionId"] as? String, json: json)
        let waiting = state.withLock { state -> CheckedContinuation<Data?, Never>? in
            if let id = message.id {
                guard let waiter = state.answerWaiters.removeValue(forKey: id) else {
                    state.answers[id] = json
                    return nil
                }
                return waiter
            }
            guard message.method != nil else { return nil }
            guard let (key, waiter) = state.eventWaiters.first(where: { $0.value.method == message.method && $0.value.session == message.session })
            else {
                state.events.append(message)
                return nil
            }
            state.eventWaiters[key] = nil
            return waiter.continuation
        }
        waiting?.resume(returning: json)
    }

    private func ended() {
        let waiting = state.withLock { state -> [CheckedContinuation<Data?, Never>] in
            state.ended = true
            defer { (state.answerWaiters, state.eventWaiters) = ([:], [:]) }
            return Array(state.answerWaiters.values) + state.eventWaiters.values.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(returning: nil) }
    }
}
