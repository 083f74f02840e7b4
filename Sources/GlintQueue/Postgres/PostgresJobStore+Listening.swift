import Foundation
import GlintCore
import PostgresNIO

extension PostgresJobStore {
    @discardableResult
    public func waitForJobs(in queues: [String], timeout: Duration) async throws -> Bool {
        await wakeUps.wait(for: queues, timeout: timeout, on: clock)
    }

    /// `count` submitted or re-queued jobs in `queues` may be claimed now: wakes as many of this
    /// process's waiters at once, and tells other processes through a debounced `NOTIFY`.
    func jobsBecameClaimable(in queues: some Collection<String>, count: Int = .max) {
        guard !queues.isEmpty, count > 0 else { return }
        wakeUps.signal(queues, limit: count)
        notifier.announce(queues)
    }

    public func jobChangeMark() -> JobChangeMark {
        JobChangeMark(generation: jobChanges.generation)
    }

    public func waitForJobChange(since mark: JobChangeMark, timeout: Duration) async {
        await jobChanges.wait(since: mark.generation, timeout: timeout, on: clock)
    }

    /// A job may have changed: wakes this process's watchers at once, and tells other processes
    /// through the debounced `NOTIFY` (an empty queue name in the payload: no queue has one).
    func jobsChanged() {
        jobChanges.signal()
        notifier.announce(CollectionOfOne(""))
    }

    /// Holds one connection that `LISTEN`s on the store's channel and wakes waiters for each
    /// notification (its payload is a queue name); reconnects after a failure until cancelled. Every
    /// waiter is woken after a reconnection, since notifications may have been missed meanwhile.
    func listenForJobs() async {
        let channel = configuration.jobsChannel
        var reconnecting = false
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        if reconnecting {
                            wakeUps.signalAll()
                            jobChanges.signal()
                        }
                        for try await notification in notifications {
                            // The payload is `<sender>:<queue>`, `<sender>:` when jobs changed; this
                            // store's own announcements woke its waiters already.
                            guard let separator = notification.payload.firstIndex(of: ":") else { continue }
                            guard notification.payload[..<separator] != notifier.sender else { continue }
                            let queue = String(notification.payload[notification.payload.index(after: separator)...])
                            if queue.isEmpty { jobChanges.signal() } else { wakeUps.signal(CollectionOfOne(queue)) }
                        }
                    }
                }
            } catch let error as PSQLError where error.code == .clientClosedConnection {
                return  // the store is stopping
            } catch {
                if Task.isCancelled { return }
                logger.warning("job store: listening for new jobs failed; retrying in 1 s", metadata: ["error": "\(String(reflecting: error))"])
            }
            reconnecting = true
            await clock.pause(for: .seconds(1))
        }
    }
}
