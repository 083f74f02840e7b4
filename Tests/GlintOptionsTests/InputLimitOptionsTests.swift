import ArgumentParser
import Foundation
import GlintJobs
import GlintOptions
import GlintServer
import GlintTestSupport
import Testing

/// `--max-pixels` and `--max-motion-seconds` of `glint serve`, `glint worker` and
/// `glint jobs submit`: flags, else `GLINT_MAX_PIXELS` / `GLINT_MAX_MOTION_SECONDS`, else
/// `InputLimits`' defaults.
@Suite("InputLimitOptions", .suiteTimeLimit)
struct InputLimitOptionsTests {
    @Test("defaults: 64 MP (a 48 MP still passes) and 30 s of motion")
    func defaults() throws {
        let limits = try WorkerOptions.parse([]).inputLimits.limits(environment: [:])
        #expect(limits == InputLimits.default)
        #expect(limits.maxPixels == 64_000_000 && limits.maxPixels >= 8064 * 6048)
        #expect(limits.maxMotionSeconds == 30)
    }

    @Test("flags win over the environment, which wins over the defaults")
    func precedence() throws {
        let environment = [InputLimitOptions.Variable.maxPixels: "2000000", InputLimitOptions.Variable.maxMotionSeconds: "4.5"]
        #expect(try WorkerOptions.parse([]).inputLimits.limits(environment: environment) == InputLimits(maxPixels: 2_000_000, maxMotionSeconds: 4.5))
        let flagged = try WorkerOptions.parse(["--max-pixels", "1000000", "--max-motion-seconds", "3"]).inputLimits.limits(environment: environment)
        #expect(flagged == InputLimits(maxPixels: 1_000_000, maxMotionSeconds: 3))
    }

    @Test("glint serve carries them in its configuration")
    func serve() throws {
        let configuration = try ServerOptions.parse(["--max-pixels", "1000000"]).configuration(environment: [
            InputLimitOptions.Variable.maxMotionSeconds: "10"
        ])
        #expect(configuration.inputLimits == InputLimits(maxPixels: 1_000_000, maxMotionSeconds: 10))
        #expect(try ServerOptions.parse([]).configuration(environment: [:]).inputLimits == .default)
    }

    @Test(
        "out of range or unparsable values are refused naming the flag or variable",
        arguments: [
            (["--max-pixels", "0"], [String: String](), "--max-pixels must be at least 1"),
            (["--max-motion-seconds=-1"], [:], "--max-motion-seconds must be a positive number of seconds"),
            ([], ["GLINT_MAX_PIXELS": "lots"], "GLINT_MAX_PIXELS=lots"),
            ([], ["GLINT_MAX_MOTION_SECONDS": "0"], "GLINT_MAX_MOTION_SECONDS must be a positive number of seconds"),
        ])
    func refused(arguments: [String], environment: [String: String], message: String) throws {
        do {
            _ = try InputLimitOptions.parse(arguments).limits(environment: environment)
            Issue.record("accepted \(arguments) \(environment)")
        } catch {
            #expect(InputLimitOptions.message(for: error).contains(message), "\(InputLimitOptions.message(for: error))")
        }
    }
}
