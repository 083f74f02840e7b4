import ArgumentParser
import Foundation
import GlintOptions
import GlintServer
import GlintTestSupport
import Testing

/// `--queues a,b` (a key's queues, or `glint serve`'s default for keys without; `GLINT_KEY_QUEUES`)
/// and `--enable-test-kinds` (`glint serve`, `glint worker`).
@Suite("KeyLimitOptions --queues, --enable-test-kinds", .suiteTimeLimit)
struct KeyQueuesOptionsTests {
    @Test("--queues is a comma-separated list, deduplicated; left out it is nil (default alone)")
    func queues() throws {
        #expect(try KeyLimitOptions.parse(["--queues", "gpu, default,gpu"]).limits().queues == ["default", "gpu"])
        #expect(try KeyLimitOptions.parse([]).limits().queues == nil)
        #expect(try KeyLimitOptions.parse([]).limits().allowedQueues == ["default"])
        #expect(try KeyLimitOptions.parse([]).limits(environment: [KeyLimitOptions.Variable.queues: "bulk"]).queues == ["bulk"])
        #expect(try KeyLimitOptions.parse(["--queues", "gpu"]).limits(environment: [KeyLimitOptions.Variable.queues: "bulk"]).queues == ["gpu"])
        // A key's own flags never read the environment (glint keys create).
        #expect(try KeyLimitOptions.parse([]).limits().queues == nil)
    }

    @Test("an empty name or one over 100 characters is refused naming the flag or variable")
    func refused() throws {
        for (flags, environment, named) in [
            (["--queues", "a,,b"], [:], "--queues"), (["--queues", String(repeating: "q", count: 101)], [:], "--queues"),
            ([], [KeyLimitOptions.Variable.queues: ""], "GLINT_KEY_QUEUES"),
        ] as [([String], [String: String], String)] {
            #expect("\((try? KeyLimitOptions.parse(flags).limits(environment: environment)).map { "\($0)" } ?? "refused")" == "refused")
            #expect { try KeyLimitOptions.parse(flags).limits(environment: environment) } throws: { "\($0)".contains(named) }
        }
    }

    @Test("--enable-test-kinds is off unless given, for glint serve and glint worker alike")
    func testKinds() throws {
        #expect(try !WorkerOptions.parse([]).testKinds.enableTestKinds)
        #expect(try WorkerOptions.parse(["--enable-test-kinds"]).testKinds.enableTestKinds)
        #expect(try ServerOptions.parse(["--enable-test-kinds", "--sandbox", "none"]).worker.testKinds.enableTestKinds)
    }
}
