import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT that come while `glint serve` or `glint worker` starts (opening its stores,
/// probing the sandbox), before ServiceLifecycle handles them: remembered rather than fatal (a
/// process killed by the signal exits 143, not the 0 of a clean stop), then honoured by
/// ``PendingStopService`` as a graceful stop once the service group runs.
enum StartupSignals {
    private static let received = Atomic<Bool>(false)

    /// The commands that hold the signals from the start of `main` (``GlintCommand``).
    static let holdingCommands: Set<String> = ["serve", "worker"]

    /// From now until a service group traps them, SIGTERM and SIGINT only set a flag.
    static func hold() {
        for number in [SIGTERM, SIGINT] {
            _ = signal(number) { _ in StartupSignals.received.store(true, ordering: .relaxed) }
        }
    }

    /// Whether a stop was asked for since ``hold()``.
    static var stopRequested: Bool { received.load(ordering: .relaxed) }

    /// The service that stops the group at once when a stop came while starting.
    static var pendingStop: ServiceGroupConfiguration.ServiceConfiguration {
        .init(service: PendingStopService(), successTerminationBehavior: .gracefullyShutdownGroup)
    }
}

/// Runs beside a command's services: the group traps its signals before any service starts, so a
/// stop that came before is seen here, and ends the group gracefully; otherwise it waits for the
/// group's own graceful shutdown.
struct PendingStopService: Service {
    func run() async throws {
        guard !StartupSignals.stopRequested else { return }
        try? await gracefulShutdown()
    }
}
