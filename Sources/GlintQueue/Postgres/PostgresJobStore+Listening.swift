import Foundation
import PostgresNIO

extension PostgresJobStore {
    public func waitForJobs(in queues: [String], timeout: Duration) async throws {
        await wakeUps.wait(for: queues, timeout: timeout)
    }

    /// Submitted or re-queued jobs in `queues` may be claimed now: wakes this process's waiters at once
    /// and tells other processes through a debounced `NOTIFY`.
    func jobsBecameClaimable(in queues: some Collection<String>) {
        guard !queues.isEmpty else { return }
        wakeUps.signal(queues)
        notifier.announce(queues)
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
                        if reconnecting { wakeUps.signalAll() }
                        for try await notification in notifications {
                            wakeUps.signal(CollectionOfOne(notification.payload))
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
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
