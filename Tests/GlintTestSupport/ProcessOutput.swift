import Foundation
import Synchronization

/// What a process prints, read as it comes on a thread of its own: kept (and copied into a log
/// file when given one), and told line by line to whoever awaits a line (``line(where:)``). A test
/// waits for a process's state by the line that says it ("listening", "runner started"), never
/// by re-reading a log.
public final class ProcessOutput: Sendable {
    private struct Waiter {
        let matches: @Sendable (String) -> Bool
        let continuation: CheckedContinuation<String?, Never>
    }

    private struct State {
        var lines: [String] = []
        var partial = Data()
        var ended = false
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())
    /// The pipe to hand the process as its standard output (and error).
    public let pipe = Pipe()

    /// Starts reading `pipe`; every byte is also appended to `log` when one is given.
    public init(copyingTo log: URL? = nil) {
        let reading = pipe.fileHandleForReading
        if let log { FileManager.default.createFile(atPath: log.path, contents: nil) }
        let copy = log.flatMap { try? FileHandle(forWritingTo: $0) }
        Thread { [self] in
            while case let chunk = reading.availableData, !chunk.isEmpty {
                try? copy?.write(contentsOf: chunk)
                received(chunk)
            }
            try? copy?.close()
            ended()
        }
        .start()
    }

    /// Every whole line printed so far.
    public var lines: [String] { state.withLock { $0.lines } }

    /// Everything printed so far, as text.
    public var text: String { state.withLock { ($0.lines + [String(decoding: $0.partial, as: UTF8.self)]).joined(separator: "\n") } }

    /// The first line (printed already or still to come) for which `matches` holds; nil once the
    /// output ended without one. Bound it with ``Waiting/within(_:_:_:)``.
    public func line(where matches: @escaping @Sendable (String) -> Bool) async -> String? {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
                let found = state.withLock { state -> String?? in
                    if let line = state.lines.first(where: matches) { return .some(line) }
                    if state.ended || Task.isCancelled { return .some(nil) }
                    state.waiters[id] = Waiter(matches: matches, continuation: continuation)
                    return nil
                }
                if let found { continuation.resume(returning: found) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: nil)
        }
    }

    /// The first line containing `text`.
    public func line(containing text: String) async -> String? {
        await line { $0.contains(text) }
    }

    private func received(_ chunk: Data) {
        let woken = state.withLock { state -> [(CheckedContinuation<String?, Never>, String)] in
            state.partial.append(chunk)
            var woken: [(CheckedContinuation<String?, Never>, String)] = []
            while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self)
                state.partial.removeSubrange(state.partial.startIndex...newline)
                state.lines.append(line)
                for (id, waiter) in state.waiters where waiter.matches(line) {
                    state.waiters[id] = nil
                    woken.append((waiter.continuation, line))
                }
            }
            return woken
        }
        for (continuation, line) in woken { continuation.resume(returning: line) }
    }

    private func ended() {
        let woken = state.withLock { state -> [(CheckedContinuation<String?, Never>, String?)] in
            state.ended = true
            if !state.partial.isEmpty { state.lines.append(String(decoding: state.partial, as: UTF8.self)) }
            state.partial = Data()
            defer { state.waiters = [:] }
            return state.waiters.values.map { waiter in (waiter.continuation, state.lines.first(where: waiter.matches)) }
        }
        for (continuation, line) in woken { continuation.resume(returning: line) }
    }
}
