import ArgumentParser
import GlintOptions
import GlintTestSupport
import Testing

/// `glint jobs --server` and `--api-key` (else `GLINT_SERVER`, `GLINT_API_KEY`), and
/// `GLINT_LOG_LEVEL`: read in GlintOptions, the flag first, an empty variable unset.
@Suite("RemoteServerOptions and LogLevelSetting", .suiteTimeLimit)
struct RemoteServerOptionsTests {
    @Test("no flag and no variable: the stores on this machine")
    func local() throws {
        let options = try RemoteServerOptions.parse([])
        #expect(options.resolvedServer(environment: [:]) == nil)
        #expect(options.resolvedServer(environment: [RemoteServerOptions.Variable.server: ""]) == nil)
        #expect(options.resolvedAPIKey(environment: [RemoteServerOptions.Variable.apiKey: ""]) == nil)
    }

    @Test("GLINT_SERVER and GLINT_API_KEY stand in for the flags; the flags win")
    func environment() throws {
        let environment = ["GLINT_SERVER": "http://env:8080", "GLINT_API_KEY": "env-key"]
        let unset = try RemoteServerOptions.parse([])
        #expect(unset.resolvedServer(environment: environment) == "http://env:8080")
        #expect(unset.resolvedAPIKey(environment: environment) == "env-key")
        let flags = try RemoteServerOptions.parse(["--server", "http://flag:8080", "--api-key", "flag-key"])
        #expect(flags.resolvedServer(environment: environment) == "http://flag:8080")
        #expect(flags.resolvedAPIKey(environment: environment) == "flag-key")
        #expect(try RemoteServerOptions.parse(["--api-key", ""]).resolvedAPIKey(environment: environment) == nil)
    }

    @Test("GLINT_LOG_LEVEL names the level; unset, empty or not a level: warning")
    func logLevel() {
        #expect(LogLevelSetting.level(environment: ["GLINT_LOG_LEVEL": "debug"]) == .debug)
        #expect(LogLevelSetting.level(environment: [:]) == .warning)
        #expect(LogLevelSetting.level(environment: ["GLINT_LOG_LEVEL": ""]) == .warning)
        #expect(LogLevelSetting.level(environment: ["GLINT_LOG_LEVEL": "loud"]) == .warning)
    }
}
