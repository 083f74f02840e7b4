import Foundation
import GlintQueue
import GlintServer
import GlintTestSupport
import Testing

/// Operator keys (issue 24, part 1) in `SQLiteServerStore` and `PostgresServerStore` alike.
@Suite("server store: operator keys", .suiteTimeLimit)
struct OperatorKeyStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000.25)

    @Test("whether a key is an operator's is stored with it; a key is not one unless made so", arguments: ServerStoreUnderTest.enabled)
    func operatorFlag(_ kind: ServerStoreUnderTest) async throws {
        try await kind.withStore { store in
            let operatorKey = APIKeyRecord(
                id: "0000000000aa", tenant: "ops", name: "on call", hash: String(repeating: "a", count: 64), createdAt: Self.t0, isOperator: true)
            let tenantKey = APIKeyRecord(id: "0000000000bb", tenant: "alice", name: nil, hash: String(repeating: "b", count: 64), createdAt: Self.t0)
            try await store.insertKey(operatorKey)
            try await store.insertKey(tenantKey)
            #expect(try await store.key(id: operatorKey.id)?.isOperator == true)
            #expect(try await store.key(id: tenantKey.id)?.isOperator == false)
            #expect(try await store.keys(tenant: nil).map(\.isOperator) == [true, false])
            #expect(try await store.revokeKey(id: operatorKey.id, at: Self.t0)?.isOperator == true)
            #expect(try await store.updateKeyLimits(id: operatorKey.id, limits: KeyLimits(rate: 1))?.isOperator == true)
        }
    }
}
