import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Testing

/// The job stores the conformance suite (`Conformance/`) runs against. Every conformance test is
/// `@Test(arguments: StoreUnderTest.enabled)`, so a new store joins the whole suite by adding a
/// case here: how to make a fresh empty store, whether it can run here, and how to clean up.
enum StoreUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    /// `PostgresJobStore` in a schema of its own on the server `GLINT_TEST_POSTGRES_URL` names (`make test`
    /// starts one); left out without it, except under `CI=true`.
    case postgres

    /// The stores the tests run against: those that can run on this machine now; under `CI=true`
    /// (``CI/requiresEverything``) every one, so that a store that cannot run fails its tests, saying
    /// why (`GLINT_TEST_POSTGRES_URL is not set`), instead of vanishing from the run.
    static var enabled: [StoreUnderTest] { CI.cases(allCases, available: \.isEnabled) }

    var isEnabled: Bool {
        switch self {
        case .sqlite: true
        case .postgres: PostgresTestDatabase.isAvailable
        }
    }

    var testDescription: String { rawValue }

    /// A fresh, empty store that takes its time from `clock`.
    func makeStore(clock: any WallClock) async throws -> any JobStore {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glint-queue-tests-\(UUID().uuidString)")
            return try SQLiteJobStore(path: directory.appendingPathComponent("queue.sqlite").path, clock: clock)
        case .postgres:
            let configuration = try PostgresTestDatabase.configuration(schema: PostgresTestDatabase.freshSchema())
            return try await PostgresJobStore.open(configuration: configuration, clock: clock, logger: PostgresTestDatabase.logger)
        }
    }

    /// Closes the store and removes what `makeStore` created.
    func dispose(_ store: any JobStore) async {
        try? await store.close()
        switch self {
        case .sqlite:
            if let store = store as? SQLiteJobStore {
                try? FileManager.default.removeItem(atPath: (store.path as NSString).deletingLastPathComponent)
            }
        case .postgres:
            break  // the schema stays in the throw-away test database
        }
    }

    /// Runs `body` with a fresh store on a manual clock, then disposes of the store.
    func withStore<T>(
        clock: ManualWallClock = ManualWallClock(),
        _ body: (any JobStore, ManualWallClock) async throws -> T
    ) async throws -> T {
        let store = try await makeStore(clock: clock)
        do {
            let result = try await body(store, clock)
            await dispose(store)
            return result
        } catch {
            await dispose(store)
            throw error
        }
    }
}
