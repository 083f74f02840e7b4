import Foundation
import GlintTestSupport
import Testing

/// `glint keys create|update|list` with limits: a key's own limits are set on creation, changed or
/// taken back to the server's defaults by `update`, and shown by `list --json`.
@Suite("glint keys: limits", .suiteTimeLimit)
struct KeysCommandTests {
    @Test("create with limits, update some and unset one, list shows them; an unknown key or limit is refused")
    func limits() throws {
        let directory = try TemporaryDirectory("glint-keys")
        defer { directory.remove() }
        let store = ["--data-dir", directory.file("data").path]
        let created = try GlintProcess.run(
            ["keys", "create", "--tenant", "acme", "--max-queued", "100", "--max-storage-bytes", "1073741824", "--rate", "5", "--json"] + store)
        try #require(created.succeeded, "\(created.summary)")
        let id = try #require(try created.jsonObject()["id"] as? String)
        #expect(try created.jsonObject()["limits"] as? [String: Double] == ["maxQueued": 100, "maxStorageBytes": 1_073_741_824, "rate": 5])

        let updated = try GlintProcess.run(["keys", "update", id, "--max-running", "2", "--unset", "rate", "--json"] + store)
        try #require(updated.succeeded, "\(updated.summary)")
        let expected: [String: Double] = ["maxQueued": 100, "maxStorageBytes": 1_073_741_824, "maxRunning": 2]
        #expect(try updated.jsonObject()["limits"] as? [String: Double] == expected)

        let listed = try GlintProcess.run(["keys", "list", "--json"] + store)
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdoutText.utf8)) as? [[String: Any]])
        #expect(keys.count == 1 && keys[0]["limits"] as? [String: Double] == expected)
        let text = try GlintProcess.run(["keys", "list"] + store)
        #expect(text.stdoutText.contains("limits: max-queued 100, max-running 2, max-storage-bytes 1073741824"))

        #expect(try GlintProcess.run(["keys", "update", "000000000000", "--max-queued", "1"] + store).status != 0)
        let badLimit = try GlintProcess.run(["keys", "update", id, "--unset", "speed"] + store)
        #expect(badLimit.status != 0 && badLimit.stderrText.contains("speed"))
    }
}
