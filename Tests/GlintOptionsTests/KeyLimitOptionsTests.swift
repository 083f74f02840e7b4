import ArgumentParser
import Foundation
import GlintOptions
import GlintServer
import GlintTestSupport
import Testing

/// `--max-queued`, `--max-running`, `--max-storage-bytes`, `--rate`, `--burst`: a key's own limits
/// (`glint keys create|update`), and `glint serve`'s defaults for keys without one (flags, else
/// `GLINT_MAX_QUEUED` ...).
@Suite("KeyLimitOptions", .suiteTimeLimit)
struct KeyLimitOptionsTests {
    @Test("none given: no limits (the server's defaults, and by default none)")
    func none() throws {
        #expect(try KeyLimitOptions.parse([]).limits() == .unlimited)
        #expect(try ServerOptions.parse([]).configuration(environment: [:]).defaultLimits == .unlimited)
    }

    @Test("flags, and for glint serve the environment behind them")
    func flagsAndEnvironment() throws {
        let flags = ["--max-queued", "100", "--max-running", "2", "--max-storage-bytes", "1073741824", "--rate", "5", "--burst", "20"]
        let limits = KeyLimits(maxQueued: 100, maxRunning: 2, maxStorageBytes: 1 << 30, rate: 5, burst: 20)
        #expect(try KeyLimitOptions.parse(flags).limits() == limits)
        let environment = [KeyLimitOptions.Variable.maxQueued: "50", KeyLimitOptions.Variable.rate: "0.5"]
        #expect(try ServerOptions.parse([]).configuration(environment: environment).defaultLimits == KeyLimits(maxQueued: 50, rate: 0.5))
        #expect(try ServerOptions.parse(["--max-queued", "7"]).configuration(environment: environment).defaultLimits == KeyLimits(maxQueued: 7, rate: 0.5))
    }

    @Test(
        "out of range or unparsable values are refused naming the flag or variable",
        arguments: [
            (["--max-queued=-1"], [:], "--max-queued"), (["--max-running", "0"], [:], "--max-running"), (["--rate", "0"], [:], "--rate"),
            (["--burst", "0"], [:], "--burst"), ([], [KeyLimitOptions.Variable.maxRunning: "lots"], "GLINT_MAX_RUNNING"),
            ([], [KeyLimitOptions.Variable.rate: "-2"], "GLINT_RATE"),
        ] as [([String], [String: String], String)])
    func refused(flags: [String], environment: [String: String], named: String) throws {
        #expect {
            try ServerOptions.parse(flags).configuration(environment: environment)
        } throws: { error in
            "\(error)".contains(named)
        }
    }
}
