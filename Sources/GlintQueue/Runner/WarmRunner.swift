import Foundation
import GlintCore
import Synchronization

/// One runner process and its folder, serving one job at a time for one tenant, at one scheduling
/// priority (``JobRunnerPool``).
///
/// Its folder (`<work>/runners/<id>/`) is the one place it may write: under the sandbox nothing
/// else is writable. Its jobs take turns in `job/`, with copies of their inputs and an output
/// folder (``RunnerJobFolder``); `tmp/` is its `TMPDIR`.
final class WarmRunner: Sendable {
    /// What the runner's standard output brought.
    enum Event: Sendable {
        case line(Data)
        case exited(JobRunnerProcess.Termination)
    }

    let process: JobRunnerProcess
    let folder: URL
    /// Where its jobs' inputs and outputs go.
    let job: RunnerJobFolder
    let tenant: String
    /// Whether it runs at idle priority (``JobRunnerLimits/idlePriority``): fixed for its life, as
    /// a process without privileges cannot leave the idle policy.
    let idlePriority: Bool
    private let events: EventIterator
    private let clock: any WallClock
    private let state: Mutex<(jobs: Int, lastUsed: Date, ended: JobRunnerProcess.Termination?)>

    /// Starts a runner for `tenant`'s jobs of `kind` (and of kinds at the same priority) in a new
    /// folder under `runners`.
    /// - Throws: `CocoaError` when its folder cannot be made, ``JobHandlerError`` when it cannot be
    ///   started, or when it requires a sandbox and has none (never started without).
    static func start(_ configuration: JobRunnerConfiguration, tenant: String, kind: JobKind, runners: URL) throws -> WarmRunner {
        guard configuration.sandbox != nil || !configuration.requiresSandbox else {
            throw JobHandlerError(code: .handlerFailed, message: "runners require a sandbox, and none was found when the worker started", permanent: false)
        }
        let folder = runners.appendingPathComponent(UUID().uuidString.lowercased())
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let attempt = JobRunnerSandbox.Attempt(readOnly: [], writable: [folder.path], workDirectory: temporary.path)
        do {
            let job = try RunnerJobFolder(in: folder)
            let limits = configuration.limits(for: kind)
            let command = [configuration.program] + configuration.arguments + limits.arguments
            let (sandbox, inherited) = (configuration.sandbox, configuration.inheritedEnvironment)
            // From the one thread that never exits: bubblewrap dies with the thread that started it.
            let process = try RunnerSpawnThread.run {
                try JobRunnerProcess.spawn(command, sandbox: sandbox, attempt: attempt, inheritedEnvironment: inherited)
            }
            return WarmRunner(
                process: process, folder: folder, job: job, tenant: tenant, idlePriority: limits.idlePriority, clock: configuration.clock)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private init(process: JobRunnerProcess, folder: URL, job: RunnerJobFolder, tenant: String, idlePriority: Bool, clock: any WallClock) {
        self.clock = clock
        self.state = Mutex((0, clock.now(), nil))
        self.process = process
        self.folder = folder
        self.job = job
        self.tenant = tenant
        self.idlePriority = idlePriority
        self.events = EventIterator(Self.events(of: process))
    }

    /// How many jobs it was given.
    var jobs: Int { state.withLock { $0.jobs } }
    /// When it last finished a job (or started).
    var lastUsed: Date { state.withLock { $0.lastUsed } }
    /// Whether it has not been seen to end.
    var isAlive: Bool { state.withLock { $0.ended == nil } }

    /// Sends one job; false when the runner is gone.
    func send(_ request: JobRunnerRequest) -> Bool {
        state.withLock { $0.jobs += 1 }
        guard let data = try? JSONEncoder().encode(request) else { return false }
        do {
            try process.input.write(contentsOf: data + Data("\n".utf8))
            return true
        } catch {
            return false
        }
    }

    /// The next line the runner wrote, or how it ended.
    func next() async -> Event {
        if let ended = state.withLock({ $0.ended }) { return .exited(ended) }
        let event = await events.next() ?? .exited(.exited(-1))
        switch event {
        case .exited(let termination): state.withLock { $0.ended = termination }
        case .line:
            let now = clock.now()
            state.withLock { $0.lastUsed = now }
        }
        return event
    }

    /// Stops it (SIGKILL to its process group) and removes its folder.
    func retire() {
        try? process.input.close()
        process.kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The runner's output lines, then how it ended; read on a thread of its own, which also reaps it.
    private static func events(of process: JobRunnerProcess) -> AsyncStream<Event> {
        AsyncStream { continuation in
            let thread = Thread {
                var buffer = Data()
                while true {
                    let chunk = process.output.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.yield(.line(Data(buffer[buffer.startIndex..<newline])))
                        buffer.removeSubrange(buffer.startIndex...newline)
                    }
                }
                continuation.yield(.exited(process.waitForExit()))
                continuation.finish()
            }
            thread.name = "glint-runner-\(process.pid)"
            thread.start()
        }
    }

    /// The stream's iterator, used by one job at a time (the pool hands a runner to one job).
    private final class EventIterator: @unchecked Sendable {
        private var iterator: AsyncStream<Event>.AsyncIterator

        init(_ stream: AsyncStream<Event>) {
            iterator = stream.makeAsyncIterator()
        }

        func next() async -> Event? {
            await iterator.next()
        }
    }
}
